;; (:metaclass standard-class) names what defclass makes anyway.
(defclass mo-a ()
  ((x :initarg :x :initform 1))
  (:metaclass standard-class)
  (:default-initargs :x 5))
(print (slot-value (make-instance 'mo-a) 'x))
(print (class-name (class-of (find-class 'mo-a))))
