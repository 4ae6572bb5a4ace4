;; Printer and evaluation-order cases of the ANSI suite's printer and misc
;; chapters: *print-readably* prints an uninterned symbol with #: whatever
;; *print-gensym* says; pprint-indent and pprint-newline do nothing unless
;; *print-pretty* is true; an operand that is a variable is read before a
;; later operand assigns it.
(print (with-standard-io-syntax (write-to-string (make-symbol "ABC") :gensym nil :case :upcase :readably t :escape nil)))
(print (with-standard-io-syntax (let ((*print-pretty* t) (*print-readably* nil) (*print-right-margin* 100) (*print-escape* nil)) (with-output-to-string (os) (pprint-logical-block (os '(|M| |M|)) (write '|M| :stream os) (let ((*print-pretty* nil)) (pprint-indent :current 3 os)) (pprint-newline :mandatory os) (write '|M| :stream os))))))
(print (with-standard-io-syntax (let ((*print-pretty* t) (*print-readably* nil) (*print-right-margin* 100) (*print-escape* nil)) (with-output-to-string (os) (pprint-logical-block (os '(|M| |M|)) (write '|M| :stream os) (let ((*print-pretty* nil)) (pprint-indent :block 3 os)) (pprint-newline :mandatory os) (write '|M| :stream os))))))
(print (with-output-to-string (os) (let ((*print-pretty* nil)) (write 'a :stream os) (pprint-newline :mandatory os) (write 'b :stream os))))
(print (list (funcall (lambda (a) (+ a (setq a 35))) 29) (funcall (lambda (b) (- b (block b3 (setq b 9) 0))) 10) (funcall (lambda (a) (* a (setf a 2) a (identity 5))) 3) (funcall (lambda (a) (list (< a (setq a 0)) (+ a 1 (setq a 5) a))) 3)))
