;; make-instance of a class name calls make-instance again with the class,
;; so methods on standard-class apply to both; an eql method on a name
;; applies to that name.
(defclass mi-a () ((x :initarg :x)))
(defvar *calls* nil)
(defmethod make-instance :around ((c standard-class) &rest initargs)
  (push (list (class-name c) initargs) *calls*)
  (call-next-method))
(print (slot-value (make-instance 'mi-a :x 1) 'x))
(print (slot-value (make-instance (find-class 'mi-a) :x 2) 'x))
(print (remove-if-not (lambda (call) (eq (first call) 'mi-a)) *calls*))
(defmethod make-instance ((c (eql 'mi-b)) &rest initargs)
  (list :made-b initargs))
(print (make-instance 'mi-b :q 1))
