;; defclass and instances: slot options, make-instance with initargs and
;; :default-initargs, slot access, class allocation, with-slots and
;; with-accessors, class-of, find-class, class-name, typep.
(defclass person ()
  ((name :initarg :name :accessor person-name :documentation "Full name")
   (age :initarg :age :initform 0 :reader person-age :writer set-person-age)
   (email :initarg :email :type string)))
(defparameter *ann* (make-instance 'person :name "Ann" :age 31))
(print (list (person-name *ann*) (person-age *ann*)))
(setf (person-name *ann*) "Ann B.")
(set-person-age 32 *ann*)
(print (list (person-name *ann*) (person-age *ann*)))
(print (list (slot-value *ann* 'name) (slot-boundp *ann* 'email) (slot-boundp *ann* 'age)))
(setf (slot-value *ann* 'email) "ann@example.org")
(print (slot-value *ann* 'email))
(slot-makunbound *ann* 'email)
(print (slot-boundp *ann* 'email))
(print (handler-case (slot-value *ann* 'email) (error () 'unbound)))
(print (slot-exists-p *ann* 'age))
(print (slot-exists-p *ann* 'height))
(print (person-age (make-instance 'person)))

;; Subclasses inherit slots, initforms and accessors; initargs combine.
(defclass employee (person)
  ((company :initarg :company :initform "Acme" :accessor company)
   (age :initarg :years :initform 18))
  (:default-initargs :name "New hire"))
(let ((e (make-instance 'employee :years 40)))
  (print (list (person-name e) (person-age e) (company e)))
  (print (list (typep e 'employee) (typep e 'person) (typep e 'standard-object) (typep *ann* 'employee)))
  (print (class-name (class-of e)))
  (print (type-of e))
  (print (eq (class-of e) (find-class 'employee))))
(print (person-age (make-instance 'employee :age 50)))
(print (person-name (make-instance 'employee :name "Bo")))
(print (find-class 'no-such-class nil))
(print (class-name (find-class 'person)))

;; A slot with :allocation :class is shared by every instance.
(defclass tally ()
  ((total :allocation :class :initform 0 :accessor tally-total)
   (mine :initform 0 :accessor tally-mine)))
(let ((a (make-instance 'tally)) (b (make-instance 'tally)))
  (incf (tally-total a) 5)
  (incf (tally-mine a) 1)
  (print (list (tally-total a) (tally-total b) (tally-mine a) (tally-mine b))))

;; with-slots and with-accessors read and write through the slots.
(defclass point () ((x :initarg :x :accessor x) (y :initarg :y :accessor y)))
(let ((p (make-instance 'point :x 1 :y 2)))
  (with-slots (x (py y)) p
    (print (list x py))
    (setf x 10 py 20))
  (print (list (x p) (y p)))
  (with-accessors ((px x) (py y)) p
    (incf px)
    (print (list px py))))

;; Initforms are evaluated for each instance.
(defvar *serial* 0)
(defclass ticket () ((id :initform (incf *serial*) :reader ticket-id)))
(print (mapcar #'ticket-id (list (make-instance 'ticket) (make-instance 'ticket) (make-instance 'ticket))))

;; make-instance accepts a class object and rejects unknown initargs.
(print (x (make-instance (find-class 'point) :x 7 :y 0)))
(print (handler-case (make-instance 'point :z 1) (error () 'invalid-initarg)))
(print (handler-case (make-instance 'no-such-class) (error () 'no-class)))

;; Built-in classes.
(print (mapcar (lambda (v) (class-name (class-of v)))
               (list 1 1/2 1.5 #\a 'sym nil '(1) (make-hash-table) #'car)))
(print (eq (class-of 1) (find-class 'fixnum)))
(defstruct sp a)
(print (list (type-of (find-class 'person)) (type-of (find-class 'sp)) (type-of (find-class 'integer))
             (typep (find-class 'person) 'class) (typep (find-class 'person) 'standard-class)
             (typep (find-class 'integer) 'built-in-class) (typep 5 'class)))
