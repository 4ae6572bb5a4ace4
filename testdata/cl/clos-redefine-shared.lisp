;; A class redefined keeps the values of the slots shared in both
;; definitions; a local slot made shared takes the shared value, a shared
;; slot made local keeps its value in the instances that had it.
(defclass sh-a () ((s :allocation :class :initform 1) (l :initform 5)))
(defvar *x* (make-instance 'sh-a))
(setf (slot-value *x* 's) 99)
(defclass sh-a () ((s :allocation :class :initform 2) (l :initform 6) (m :initform 7)))
(print (slot-value *x* 's))
(print (slot-value (make-instance 'sh-a) 's))
(print (slot-value *x* 'l))
(print (slot-value *x* 'm))
;; local -> shared
(defclass sh-b () ((p :initform 1)))
(defvar *y* (make-instance 'sh-b))
(setf (slot-value *y* 'p) 50)
(defclass sh-b () ((p :initform 2 :allocation :class)))
(print (slot-value *y* 'p))
;; shared -> local
(defclass sh-c () ((q :initform 1 :allocation :class)))
(defvar *z* (make-instance 'sh-c))
(setf (slot-value *z* 'q) 60)
(defclass sh-c () ((q :initform 2)))
(print (slot-value *z* 'q))
(print (slot-value (make-instance 'sh-c) 'q))
;; subclass inherits shared from a redefined superclass
(defclass sh-d () ((r :allocation :class :initform 1)))
(defclass sh-e (sh-d) ())
(setf (slot-value (make-instance 'sh-e) 'r) 70)
(defclass sh-d () ((r :allocation :class :initform 3) (w :initform 8)))
(print (slot-value (make-instance 'sh-e) 'r))
(print (slot-value (make-instance 'sh-e) 'w))
