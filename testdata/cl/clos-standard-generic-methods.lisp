;; make-instance and class-name are generic functions a program may add
;; methods to.
(defclass sgm-a () ((a :initarg :a)))
(defmethod make-instance ((x sgm-a) &rest initargs &key &allow-other-keys)
  initargs)
(print (make-instance (make-instance 'sgm-a)))
(print (make-instance (make-instance 'sgm-a) :a 1 :b 2))
(print (slot-value (make-instance 'sgm-a :a 3) 'a))
(print (slot-value (make-instance (find-class 'sgm-a) :a 4) 'a))
(defmethod class-name ((x sgm-a)) 'silly)
(print (class-name (make-instance 'sgm-a)))
(print (class-name (find-class 'sgm-a)))
(print (typep #'make-instance 'standard-generic-function))
(print (typep #'class-name 'standard-generic-function))
