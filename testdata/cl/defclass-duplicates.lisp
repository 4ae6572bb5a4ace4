;; defclass refuses, as a program-error, a slot named twice, a slot
;; option the standard allows once given twice, and a default initarg
;; given twice.
(defmacro signals-p (type form)
  `(handler-case (progn (eval ',form) nil)
     (,type () t)
     (error () :other-error)))
(print (signals-p program-error (defclass dup-1 () (a b a))))
(print (signals-p program-error (defclass dup-2 () (a (a)))))
(print (signals-p program-error (defclass dup-3 () ((s :initform 0 :initform 0)))))
(print (signals-p program-error (defclass dup-4 () ((s :type t :type t)))))
(print (signals-p program-error (defclass dup-5 () ((s :documentation "x" :documentation "y")))))
(print (signals-p program-error (defclass dup-6 () ((s :allocation :class :allocation :instance)))))
(print (signals-p program-error (defclass dup-7 () ((s :initarg :foo)) (:default-initargs :foo 1 :foo 2))))
;; Several initargs, readers and accessors are allowed.
(defclass fine () ((s :initarg :a :initarg :b :reader s1 :reader s2 :initform 3)))
(print (list (s1 (make-instance 'fine :b 5)) (s2 (make-instance 'fine))))
