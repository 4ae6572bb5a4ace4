;; A defgeneric that removes the methods of the last one may give a
;; lambda list of another shape; so may ensure-generic-function while the
;; generic function has no methods.
(defgeneric dr-f (x) (:method ((x t)) t))
(defgeneric dr-f (x y) (:method ((x t) (y t)) (list x y)))
(print (dr-f 'a 'b))
(ensure-generic-function 'dr-g :lambda-list '(a b c))
(print (typep (ensure-generic-function 'dr-g :lambda-list '(x y)) 'generic-function))
(defmethod dr-g (x y) (list y x))
(print (dr-g 1 2))
