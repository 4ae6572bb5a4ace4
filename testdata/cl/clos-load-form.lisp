;; make-load-form's default methods signal errors; make-load-form-saving-slots
;; gives the two forms that remake an object.
(defclass lf-point () ((x :initarg :x) (y :initarg :y) (z)))
(defstruct lf-pair a b)
(define-condition lf-condition (error) ())

(print (handler-case (make-load-form (make-instance 'lf-point)) (error () :no-load-form)))
(print (handler-case (make-load-form (make-lf-pair)) (error () :no-load-form)))
(print (handler-case (make-load-form (make-condition 'lf-condition)) (error () :no-load-form)))

(let* ((p (make-instance 'lf-point :x 1 :y '(a b)))
       (forms (multiple-value-list (make-load-form-saving-slots p)))
       (copy (eval (first forms))))
  (print (length forms))
  (eval (subst copy p (second forms)))
  (print (list (eq (class-of copy) (class-of p)) (eq copy p)
               (slot-value copy 'x) (slot-value copy 'y) (slot-boundp copy 'z))))

;; Only the slots named.
(let* ((p (make-instance 'lf-point :x 1 :y 2))
       (forms (multiple-value-list (make-load-form-saving-slots p :slot-names '(y))))
       (copy (eval (first forms))))
  (eval (subst copy p (second forms)))
  (print (list (slot-boundp copy 'x) (slot-value copy 'y))))

;; Structures too.
(let* ((s (make-lf-pair :a 1 :b "two"))
       (forms (multiple-value-list (make-load-form-saving-slots s)))
       (copy (eval (first forms))))
  (eval (subst copy s (second forms)))
  (print (list (lf-pair-a copy) (lf-pair-b copy))))

;; A program's method.
(defmethod make-load-form ((p lf-point) &optional env)
  (make-load-form-saving-slots p :environment env))
(print (length (multiple-value-list (make-load-form (make-instance 'lf-point)))))
(print (length (multiple-value-list (make-load-form-saving-slots (make-instance 'lf-point) :allow-other-keys nil))))
