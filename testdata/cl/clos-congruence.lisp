;; defgeneric and defmethod: a repeated :documentation, a method that does
;; not accept the generic function's keywords (program-errors, CLHS 7.6.4);
;; a defgeneric removes the methods its earlier definition's :method options
;; made; call-next-method with arguments that select other methods is an
;; error where the method declares (safety 3); only the first
;; :allow-other-keys counts (ANSI defgeneric.error.5/18/19, defgeneric.32,
;; defmethod.error.10/14, call-next-method.error.1/2). Default initargs
;; follow the precedence list and slot-exists-p knows condition slots
;; (class-0305.1, slot-exists-p.15/16).
(defmacro err-p (form) `(handler-case (progn ,form :no-error) (program-error () :program-error) (error () :error)))
(print (err-p (eval '(defgeneric dg5 (x) (:documentation "a") (:documentation "b")))))
(print (err-p (eval '(defgeneric dg18 (x &key foo) (:method (x &key) t)))))
(print (err-p (eval '(defgeneric dg19 (x &key foo) (:method (x &key bar) t)))))
(print (err-p (eval '(defgeneric dg20 (x &key foo) (:method (x &key foo bar) t)))))
(print (err-p (eval '(defgeneric dg21 (x &key foo) (:method (x &rest r) r)))))
(print (err-p (eval '(defgeneric dg22 (x &key foo) (:method (x &key &allow-other-keys) t)))))
(defgeneric dg10 (x &key z))
(print (err-p (eval '(defmethod dg10 ((x t) &key) x))))
(defgeneric dg32 (x) (:method ((x symbol)) :bad))
(defgeneric dg32 (x) (:method ((x t)) :good))
(print (dg32 'x))
(defgeneric dg33 (x))
(defmethod dg33 ((x symbol)) :kept)
(defgeneric dg33 (x) (:method ((x t)) :other))
(print (dg33 'x))
(defgeneric cnm1 (x) (:method ((x (eql 0))) (call-next-method 1)) (:method ((x t)) :reached))
(print (err-p (cnm1 0)))
(defgeneric cnm2 (x) (:method ((x integer)) (call-next-method :bad)) (:method ((x t)) x))
(print (err-p (cnm2 0)))
(defgeneric cnm3 (x) (:method ((x integer)) (call-next-method (+ x 1))) (:method ((x t)) x))
(print (cnm3 5))
(defmethod km ((x t) &key) x)
(print (list (err-p (km 1 :bogus t)) (err-p (km 1 :allow-other-keys t :bogus t))
             (err-p (km 1 :allow-other-keys nil :allow-other-keys t :bogus t))))
(defgeneric cnm4 (x) (:method ((x (eql 0))) (declare (optimize (safety 3))) (call-next-method 1)) (:method ((x t)) :reached))
(print (err-p (cnm4 0)))
(defgeneric cnm5 (x) (:method ((x integer)) (declare (optimize (safety 3))) (call-next-method :bad)) (:method ((x t)) x))
(print (err-p (cnm5 0)))
(defgeneric cnm6 (x) (:method ((x integer)) (declare (optimize (safety 3))) (call-next-method (+ x 1))) (:method ((x t)) x))
(print (cnm6 5))
(defclass c5a () ((a :initarg :a)) (:default-initargs :a 'x))
(defclass c5b (c5a) ())
(defclass c5c (c5a) () (:default-initargs :a 'y))
(defclass c5d (c5b c5c) ())
(print (slot-value (make-instance 'c5d) 'a))
(define-condition sec1 () ((a) (b) (c)))
(define-condition sec2 (sec1) ((a) (d) (e)))
(print (mapcar (lambda (s) (slot-exists-p (make-condition 'sec1) s)) '(a b c d)))
(print (mapcar (lambda (s) (slot-exists-p (make-condition 'sec2) s)) '(a b c d e f)))
