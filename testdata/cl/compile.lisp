;; compile: a lambda form or a function, named or not.
(print (funcall (compile nil '(lambda (x) (* x 2))) 21))
(print (compile 'sq '(lambda (x) (* x x))))
(print (sq 12))
(defun cube (x) (* x x x))
(print (multiple-value-list (compile 'cube)))
(print (cube 3))
(print (funcall (compile nil #'car) '(a b)))
(print (handler-case (compile nil (length "hello")) (type-error () :type-error)))
