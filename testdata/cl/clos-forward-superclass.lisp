;; A class may name superclasses defined later; it has instances once
;; every class above it is defined.
(defclass fs-a (fs-b fs-c) ((a :initarg :a :initform 1)))
(print (typep (find-class 'fs-a) 'class))
(print (handler-case (progn (make-instance 'fs-a) :made) (error () :error)))
(defclass fs-b (fs-d) ((b :initform 2)))
(defclass fs-c () ((c :initform 3)))
(print (handler-case (progn (make-instance 'fs-a) :made) (error () :error)))
(defclass fs-d () ((d :initform 4)))
(let ((x (make-instance 'fs-a)))
  (print (mapcar (lambda (s) (slot-value x s)) '(a b c d)))
  (print (list (typep x 'fs-a) (typep x 'fs-b) (typep x 'fs-c) (typep x 'fs-d)
               (typep (make-instance 'fs-b) 'fs-a) (typep (make-instance 'fs-d) 'fs-b))))
;; Superclasses whose precedence orders contradict: an error by the
;; time an instance is made.
(defclass fs-p () ())
(defclass fs-q () ())
(defclass fs-r (fs-s fs-t) ())
(defclass fs-s (fs-p fs-q) ())
(print (handler-case (progn (eval '(defclass fs-t (fs-q fs-p) ())) (make-instance 'fs-r) :made)
         (error () :error)))
;; A superclass redefined with another slot gives it to its subclasses.
(defclass fs-base () ((x :initform 1)))
(defclass fs-derived (fs-base) ())
(defclass fs-base () ((x :initform 1) (y :initform 2)))
(print (slot-value (make-instance 'fs-derived) 'y))
