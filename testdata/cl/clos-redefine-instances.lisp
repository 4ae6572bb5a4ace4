;; Instances of a redefined class are updated: the slots both
;; definitions have keep their values, added slots take their initforms,
;; and update-instance-for-redefined-class sees what was added and
;; discarded.
(defclass ri-a () ((x :initarg :x) (y :initarg :y)))
(defvar *ri* (make-instance 'ri-a :x 1 :y 2))
(defmethod update-instance-for-redefined-class :after ((i ri-a) added discarded plist &rest initargs)
  (declare (ignore initargs))
  (print (list :updated added discarded plist)))
(defclass ri-a () ((x :initarg :x) (z :initform 30)))
(print (slot-value *ri* 'x))
(print (slot-value *ri* 'z))
(print (slot-exists-p *ri* 'y))
;; make-instances-obsolete: the same slots, but each instance goes
;; through the update once more.
(print (make-instances-obsolete 'ri-a))
(print (slot-value *ri* 'x))
(print (slot-value *ri* 'x))
(print (eq (make-instances-obsolete (find-class 'ri-a)) (find-class 'ri-a)))
(print (handler-case (make-instances-obsolete) (program-error () :program-error)))
;; Without a method of the program's, the update is silent.
(defclass ri-b () ((p :initform 1)))
(defvar *rb* (make-instance 'ri-b))
(setf (slot-value *rb* 'p) 10)
(defclass ri-b () ((q :initform 2) (p :initform 1)))
(print (list (slot-value *rb* 'p) (slot-value *rb* 'q)))
