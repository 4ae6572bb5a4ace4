;; ccase and ctypecase offer a store-value restart that stores a new key in
;; the key place and tries the clauses again; typecase takes t as a type in
;; a clause before the last; pushnew's :key nil means no key.
(print (handler-bind ((type-error (lambda (c) (store-value 7 c))))
         (let ((x 0))
           (list (ccase x (1 :one) (7 :seven) (2 :two)) x))))
(print (let ((x 1))
         (multiple-value-list
          (handler-bind ((type-error (lambda (c)
                                       (print (type-error-datum c))
                                       (store-value 'a c))))
            (values (ctypecase x (symbol :symbol) (float :float)) x)))))
(print (let ((v (vector 5)))
         (handler-bind ((type-error (lambda (c) (store-value 2 c))))
           (list (ccase (aref v 0) (1 :one) (2 :two))
                 v))))
(print (block nil
         (handler-bind ((type-error (lambda (c) (store-value 2 c))))
           (let ((x 9)) (ccase x (1 :one) (2 (return :returned)))))))
(print (handler-case (ecase 3 (1 :one)) (type-error (c) (type-error-datum c))))
(print (loop for x in '(a 1 1.5 "c")
             collect (typecase x (t :good) (otherwise :bad))))
(print (typecase "s" (integer :int) (t :other)))
(print (let ((x (list 'a 'b))) (pushnew 'z x :key nil)))
(print (let ((x (list "a" "b")) (k nil)) (pushnew "a" x :test #'equal :key k)))
(print (let ((x (list '(1) '(2)))) (pushnew '(2) x :key #'car :key nil)))
