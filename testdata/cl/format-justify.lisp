;; format ~<...~> justification: padding, modifiers, ~^ and the ~:; overflow clause.
(dolist (s (list (format nil "~10<a~;b~;c~>") (format nil "~11<a~;b~;c~>") (format nil "~13<a~;b~;c~;d~>") (format nil "~10:<a~;b~>") (format nil "~10@<a~;b~>") (format nil "~10:@<a~;b~>") (format nil "~10<abc~>") (format nil "~10:@<abc~>") (format nil "~10@<abc~>")
  (format nil "~3<abcdef~>") (format nil "~5,3<ab~;cdefg~>") (format nil "~10,,,'*<a~;b~>") (format nil "~10,,2<a~;b~;c~>") (format nil "~<a~;b~>")
  (format nil "~10<~a~;~a~>" 1 2) (format nil "~15<~a~^~;~a~^~;~a~>" 1 2) (format nil "~%;; ~<~%;; ~1:; ~a~>~<~%;; ~1,30:; ~a~>" "first-thing-here" "second")
  (format nil "~20<~a~;~a~;~a~>" "aa" "bb" "cc")))
  (print s))
(print (format nil "~%;; ~{~<~%;; ~1,20:; ~a~>~}" '("alpha" "beta" "gamma" "delta" "epsilon" "zeta")))
(print (format nil "~30<~a~;~a~>|" "left" "right"))
(print (format nil "~v<~a~>" 8 "x"))
