;; slot-unbound and slot-missing are generic functions slot access calls;
;; their default methods signal errors.
(defclass sm-a () ((a :reader sm-a-a) (b :accessor sm-a-b) (e :reader sm-a-e)))
(print (handler-case (slot-value (make-instance 'sm-a) 'a)
         (unbound-slot (c) (list :unbound (cell-error-name c)))))
(print (handler-case (slot-value (make-instance 'sm-a) 'nope)
         (error () :missing)))

(defmethod slot-unbound ((class t) (obj sm-a) (slot-name t))
  (list (class-name class) slot-name))
(defmethod slot-unbound ((class t) (obj sm-a) (slot-name (eql 'e)))
  (values 1 2 3))
(let ((x (make-instance 'sm-a)))
  (print (list (slot-value x 'a) (sm-a-a x) (sm-a-b x)))
  (print (multiple-value-list (sm-a-e x))))

(defvar *sm-log* nil)
(defclass sm-b () ((a :initform 1)))
(defmethod slot-missing ((class t) (obj sm-b) slot-name operation
                         &optional (new-value nil new-value-p))
  (push (list slot-name operation new-value (not (null new-value-p))) *sm-log*)
  (values 'missing 'ignored))
(let ((x (make-instance 'sm-b)))
  (print (multiple-value-list (slot-value x 'q)))
  (print (setf (slot-value x 'q) 10))
  (print (slot-boundp x 'q))
  (print (eq x (slot-makunbound x 'q)))
  (print (slot-value x 'a))
  (print (reverse *sm-log*)))
