;; set-macro-character: a reader macro defined in a cell reads the forms
;; after it in the same cell, and read and read-from-string use it.
(set-macro-character #\! (lambda (stream char) (declare (ignore char)) (list 'bang (read stream t nil t))))
(print '(a !b c))
(print (read-from-string "!(x y)"))
(print (with-input-from-string (s "!z rest") (list (read s) (read s))))
(print (multiple-value-list (get-macro-character #\a)))
(print (second (multiple-value-list (get-macro-character #\!))))
;; a terminating macro character ends a token; a non-terminating one does not
(set-macro-character #\? (lambda (s c) (declare (ignore s c)) 42) t)
(print '(a? ?b))
(print (second (multiple-value-list (get-macro-character #\?))))
;; a function returning no values reads nothing, as a comment
(set-macro-character #\% (lambda (s c) (declare (ignore s c)) (values)))
(print '(x % y %))
;; [ ] read vectors, with ] given the syntax of )
(set-syntax-from-char #\] #\))
(set-macro-character #\[ (lambda (s c) (declare (ignore c)) (coerce (read-delimited-list #\] s t) 'vector)))
(print '[1 2 [3 4] "five"])
(print (read-from-string "[a [b] c]"))
;; a standard macro character's function, given to another character
(set-macro-character #\{ (get-macro-character #\())
(print '{p q {r)))
(print (eq (get-macro-character #\() (get-macro-character #\()))
;; an error in a reader macro function is that function's error
(set-macro-character #\^ (lambda (s c) (declare (ignore s c)) (error "no caret here")))
(print (handler-case (read-from-string "^x") (error (e) (princ-to-string e))))
;; read-delimited-list on a stream, and at its end
(print (with-input-from-string (s "1 2 3) 4") (list (read-delimited-list #\) s) (read s))))
(print (handler-case (with-input-from-string (s "1 2") (read-delimited-list #\) s)) (end-of-file () :eof)))
(print (handler-case (read-from-string ")") (reader-error () :reader-error)))
;; a character given the syntax of ) closes nothing: it is an unbalanced )
(print (handler-case (read-from-string "(a b]") (reader-error () :reader-error)))
;; a read inside a reader macro is inside the backquote around it, and a
;; recursive read shares the #n= labels
(set-macro-character #\~ (lambda (s c) (declare (ignore c)) (list 'tilde (read s t nil t))))
(let ((x 1)) (print `(a ~,x ~(b ,x))))
(print (let ((v (read-from-string "(#1=(p) ~#1#)"))) (eq (first v) (second (second v)))))
