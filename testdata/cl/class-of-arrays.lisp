;; An array of rank other than one is of class simple-array (nodelisp's
;; are never adjustable or displaced), a subclass of array, so a method
;; on array applies to it; simple-vector is a simple-array too.
(print (list (class-name (class-of (make-array nil :initial-element 1)))
             (class-name (class-of (make-array '(2 3))))
             (class-name (class-of (make-array '(2 2) :element-type 'character :initial-element #\a)))))
(defgeneric kind (x))
(defmethod kind ((x array)) :array)
(defmethod kind ((x t)) :other)
(print (list (kind (make-array nil)) (kind (make-array '(1 2))) (kind (vector 1))))
(print (list (subtypep (class-of (make-array '(2 2))) (find-class 'array))
             (subtypep (find-class 'simple-vector) (find-class 'simple-array))
             (typep (make-array '(2 2)) (find-class 'simple-array))))
