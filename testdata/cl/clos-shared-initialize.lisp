;; allocate-instance, shared-initialize, reinitialize-instance, and
;; methods a program adds to them.
(defclass si-point ()
  ((x :initform 0 :initarg :x)
   (y :initform 0 :initarg :y)
   (label :initarg :label)))

(defun bound-slots (p)
  (mapcar (lambda (s) (slot-boundp p s)) '(x y label)))

;; allocate-instance: every slot unbound.
(let ((p (allocate-instance (find-class 'si-point))))
  (print (bound-slots p))
  (print (eq (class-of p) (find-class 'si-point)))
  ;; shared-initialize with slot-names nil fills only from initargs.
  (print (eq p (shared-initialize p nil :x 5)))
  (print (bound-slots p))
  ;; with a list, the named unbound slots take their initforms.
  (shared-initialize p '(y))
  (print (list (slot-value p 'x) (slot-value p 'y) (slot-boundp p 'label)))
  ;; with t, all of them; a bound slot keeps its value.
  (shared-initialize p t :label 'here)
  (print (list (slot-value p 'x) (slot-value p 'y) (slot-value p 'label))))

;; The first of repeated initargs wins.
(let ((p (allocate-instance (find-class 'si-point))))
  (shared-initialize p nil :x 1 :x 2)
  (print (slot-value p 'x)))

;; reinitialize-instance: initargs only, no initforms.
(let ((p (make-instance 'si-point :x 3 :y 4)))
  (slot-makunbound p 'y)
  (print (eq p (reinitialize-instance p :x 10)))
  (print (list (slot-value p 'x) (slot-boundp p 'y)))
  (print (handler-case (reinitialize-instance p :nonsense 1)
           (program-error () :invalid-initarg)))
  (print (handler-case (reinitialize-instance p :x)
           (program-error () :odd)))
  (reinitialize-instance p :nonsense 1 :allow-other-keys t)
  (print (slot-value p 'x)))

;; A program's methods on shared-initialize run for make-instance and
;; reinitialize-instance, and its &key parameters are valid initargs.
(defvar *log* nil)
(defclass si-logged (si-point) ())
(defmethod shared-initialize :after ((p si-logged) slot-names &key scale)
  (push (list slot-names scale) *log*)
  (when scale
    (setf (slot-value p 'x) (* scale (slot-value p 'x)))))
(let ((p (make-instance 'si-logged :x 2 :scale 10)))
  (print (slot-value p 'x))
  (reinitialize-instance p :scale 3)
  (print (slot-value p 'x))
  (print (reverse *log*)))

(defclass si-counted () ((n :initform 0 :accessor si-n)))
(defmethod reinitialize-instance :after ((c si-counted) &key)
  (incf (si-n c)))
(let ((c (make-instance 'si-counted)))
  (reinitialize-instance c)
  (reinitialize-instance c)
  (print (si-n c)))

;; A primary method replacing the default one.
(defclass si-fixed () ((v :initarg :v :reader si-v)))
(defmethod shared-initialize ((o si-fixed) slot-names &rest initargs)
  (declare (ignore slot-names initargs))
  (setf (slot-value o 'v) 'fixed)
  o)
(print (si-v (make-instance 'si-fixed :v 1)))
