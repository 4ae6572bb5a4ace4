;; Under *print-pretty*, a call of a macro with &body puts the body on lines
;; of its own, if-forms break after the test, let after its bindings.
(setf *print-pretty* t)
(defmacro my-mac (a b &body body) `(list ,a ,b ,@body))
(print '(my-mac 1 2 3))
(print '(when x y))
(print '(cond (a b) (c d)))
(print '(foo-undefined aaaaaaaaaa bbbbbbbbbbbbbbb cccccccccccccccccc dddddddddddddddddddd eeeeeeeeeeeeeeeeeeeeeee fffffffffff))
(print '(list aaaaaaaaaa bbbbbbbbbbbbbbb cccccccccccccccccc dddddddddddddddddddd eeeeeeeeeeeeeeeeeeeeeee fffffffffff))
(print '(defun fact (n) (if (<= n 1) 1 (* n (fact (- n 1))))))
(print '(defun long-function-name (alpha beta gamma) (let ((x (+ alpha beta)) (y (* gamma gamma))) (when (> x y) (format t "x is bigger: ~a~%" x)) (list x y))))
(pprint '(let ((a 1)) a))
(pprint '(my-mac 1 2))
