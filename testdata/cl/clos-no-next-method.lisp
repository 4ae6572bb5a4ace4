;; call-next-method with no next method calls no-next-method, a generic
;; function a program adds methods to; its default signals an error.
(defgeneric nn-f (x))
(defmethod nn-f ((x integer)) (list :int (call-next-method)))
(defmethod no-next-method ((gf (eql #'nn-f)) method &rest args)
  (list :no-next (eq method (find-method #'nn-f nil (list (find-class 'integer)))) args))
(print (nn-f 5))
(defgeneric nn-g (x))
(defmethod nn-g ((x integer)) (call-next-method))
(print (handler-case (nn-g 1) (error () :error)))
(defmethod nn-g :around ((x symbol)) (call-next-method))
(print (handler-case (nn-g 'a) (error () :error)))
(print (typep #'no-next-method 'standard-generic-function))
