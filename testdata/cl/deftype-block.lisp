;; deftype's body is in a block named by the type (CLHS deftype).
(deftype small-thing () (return-from small-thing '(integer 0 9)))
(print (list (typep 5 'small-thing) (typep 50 'small-thing)))
(deftype bounded (n) "Integers below n." (declare (ignorable n)) (return-from bounded `(integer 0 (,n))))
(print (list (typep 3 '(bounded 4)) (typep 4 '(bounded 4)) (documentation 'bounded 'type)))
(deftype two-docs () "doc" (declare (optimize speed)) (return-from two-docs 'string))
(print (list (typep "x" 'two-docs) (typep 1 'two-docs)))
