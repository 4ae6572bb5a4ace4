;; change-class: the instance changes class in place, keeping the local
;; slots both classes have; update-instance-for-different-class
;; initialises the slots it gains and is a generic function programs
;; specialise.
(defclass cc-a () ((a :initarg :a) (b :initarg :b) (c :initarg :c)))
(defclass cc-b () ((c :initarg :c2) (d :initarg :d2 :initform 'd-init) (b :initarg :b2)))

(defun bound (x names) (mapcar (lambda (s) (slot-boundp x s)) names))

(let* ((x (make-instance 'cc-a :a 1 :b 2))
       (same (eq x (change-class x (find-class 'cc-b)))))
  (print same)
  (print (list (typep x 'cc-a) (typep x 'cc-b) (eq (class-of x) (find-class 'cc-b))))
  (print (list (slot-exists-p x 'a) (bound x '(b c d))))
  (print (list (slot-value x 'b) (slot-value x 'd))))

;; By name, with initargs of the new class; a gained slot's initarg wins
;; over its initform.
(let ((x (make-instance 'cc-a :c 3)))
  (change-class x 'cc-b :d2 'given)
  (print (list (slot-value x 'c) (slot-value x 'd)))
  (print (handler-case (change-class x 'cc-a :bogus 1)
           (error () :invalid-initarg))))

;; Methods dispatch on the new class afterwards.
(defgeneric cc-kind (x))
(defmethod cc-kind ((x cc-a)) :a)
(defmethod cc-kind ((x cc-b)) :b)
(let ((x (make-instance 'cc-a)))
  (print (cc-kind x))
  (change-class x 'cc-b)
  (print (cc-kind x)))

;; A program's method sees the previous instance as it was.
(defclass cc-celsius () ((deg :initarg :deg :reader deg)))
(defclass cc-fahrenheit () ((deg :initarg :deg :reader deg)))
(defmethod update-instance-for-different-class :before
    ((old cc-celsius) (new cc-fahrenheit) &key)
  (setf (slot-value new 'deg) (+ 32 (* 9/5 (slot-value old 'deg)))))
(let ((x (make-instance 'cc-celsius :deg 100)))
  (change-class x 'cc-fahrenheit)
  (print (list (type-of x) (deg x))))

(defclass cc-tagged () ((tag :initarg :tag :reader tag)))
(defmethod update-instance-for-different-class :after
    ((old cc-a) (new cc-tagged) &key (suffix ""))
  (setf (slot-value new 'tag) (format nil "from-a~a" suffix)))
(let ((x (make-instance 'cc-a)))
  (change-class x 'cc-tagged :suffix "!")
  (print (tag x)))

;; A slot shared in the old class and local in the new keeps its value.
(defclass cc-shared () ((s :allocation :class :initarg :s)))
(defclass cc-local () ((s :initarg :s)))
(let ((x (make-instance 'cc-shared :s 'kept)) (y (make-instance 'cc-shared)))
  (change-class x 'cc-local)
  (setf (slot-value x 's) 'changed)
  (print (list (slot-value x 's) (slot-value y 's))))

;; change-class is a generic function: methods on it run, also when the
;; class does not change.
(defvar *cc-log* nil)
(defclass cc-same () ((a :initarg :a)))
(defmethod change-class :after ((x cc-same) (c (eql (find-class 'cc-same))) &rest initargs)
  (declare (ignore initargs))
  (push 'after *cc-log*)
  (setf (slot-value x 'a) 'z))
(let ((x (make-instance 'cc-same :a 1)))
  (change-class x (find-class 'cc-same))
  (print (list (slot-value x 'a) *cc-log*))
  (change-class x 'cc-same)
  (print *cc-log*))

;; A method specialised on standard-class applies to a class object.
(defclass cc-six () ((a :initarg :a)))
(defmethod change-class ((x cc-six) (new standard-class) &rest initargs &key &allow-other-keys)
  (declare (ignore initargs))
  (setf (slot-value x 'a) 123)
  (call-next-method))
(let ((x (make-instance 'cc-six :a 'bad)))
  (change-class x 'cc-six)
  (print (slot-value x 'a)))
(defgeneric cc-meta (c))
(defmethod cc-meta ((c standard-class)) :standard)
(defmethod cc-meta ((c built-in-class)) :built-in)
(defmethod cc-meta ((c structure-class)) :structure)
(defstruct cc-struct)
(print (mapcar #'cc-meta (list (find-class 'cc-six) (find-class 'integer) (find-class 'cc-struct))))
(print (class-name (class-of (find-class 'cc-six))))
