;; The built-in operator method combinations and define-method-combination's
;; short form: primary methods qualified with the combination's name, their
;; values combined by the operator, :around methods around them.
(defgeneric mc-sum (x) (:method-combination +)
  (:method + ((x integer)) 1)
  (:method + ((x number)) 2)
  (:method + ((x t)) 4))
(print (list (mc-sum 1) (mc-sum 1.5) (mc-sum 'a)))

;; :most-specific-last reverses the primaries; :around wraps them.
(defgeneric mc-list (x) (:method-combination list :most-specific-last)
  (:method list ((x integer)) 'integer)
  (:method list ((x number)) 'number)
  (:method :around ((x t)) (cons 'around (call-next-method))))
(print (mc-list 1))
(print (mc-list 2.5))

;; One primary method: its values are the call's (identity with one argument).
(defgeneric mc-and (x) (:method-combination and)
  (:method and ((x integer)) (values 1 2)))
(print (multiple-value-list (mc-and 1)))

;; and, or and progn run no more methods than the special forms would.
(defvar *ran* nil)
(defgeneric mc-or (x) (:method-combination or)
  (:method or ((x integer)) (push 'integer *ran*) nil)
  (:method or ((x number)) (push 'number *ran*) 'found)
  (:method or ((x t)) (push 't *ran*) 'never))
(print (list (mc-or 3) *ran*))
(setq *ran* nil)
(defgeneric mc-and2 (x) (:method-combination and)
  (:method and ((x integer)) (push 'integer *ran*) nil)
  (:method and ((x t)) (push 't *ran*) t))
(print (list (mc-and2 3) *ran*))
(defgeneric mc-progn (x) (:method-combination progn)
  (:method progn ((x integer)) (push 'p-integer *ran*) 1)
  (:method progn ((x t)) (push 'p-t *ran*) 2))
(print (list (mc-progn 3) *ran*))

(defgeneric mc-append (x) (:method-combination append)
  (:method append ((x integer)) (list 1 2))
  (:method append ((x t)) (list 3)))
(print (mc-append 0))
(defgeneric mc-nconc (x) (:method-combination nconc)
  (:method nconc ((x integer)) (list 1 2))
  (:method nconc ((x t)) (list 3)))
(print (mc-nconc 0))
(defgeneric mc-max (x) (:method-combination max)
  (:method max ((x integer)) 3)
  (:method max ((x t)) 7))
(defgeneric mc-min (x) (:method-combination min)
  (:method min ((x integer)) 3)
  (:method min ((x t)) 7))
(print (list (mc-max 0) (mc-min 0)))

;; The short form of define-method-combination.
(print (define-method-combination mc-times :operator *))
(defgeneric mc-product (x) (:method-combination mc-times))
(defmethod mc-product mc-times ((x integer)) 2)
(defmethod mc-product mc-times ((x rational)) 3)
(defmethod mc-product mc-times ((x number)) 5)
(print (list (mc-product 1) (mc-product 1/2) (mc-product 1.0)))

;; Errors when a call selects them: no primary method, an unqualified
;; method, a qualifier the combination does not know.
(print (handler-case (mc-product 'x) (error () :no-primary)))
(defgeneric mc-bad (x) (:method-combination progn) (:method ((x t)) 0))
(print (handler-case (mc-bad 1) (error () :unqualified)))
(defgeneric mc-bad2 (x) (:method-combination +) (:method nonsense ((x t)) 0))
(print (handler-case (mc-bad2 1) (error () :unknown-qualifier)))
(defgeneric mc-around-only (x) (:method-combination +)
  (:method :around ((x t)) 1)
  (:method + ((x integer)) x))
(print (handler-case (mc-around-only 'a) (error () :around-only)))
(print (mc-around-only 5))
