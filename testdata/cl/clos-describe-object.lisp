;; describe calls describe-object, a generic function a program adds
;; methods to.
(defclass do-a () ((n :initarg :n)))
(defmethod describe-object ((x do-a) stream)
  (format stream "A do-a numbered ~a." (slot-value x 'n)))
(describe (make-instance 'do-a :n 3))
(terpri)
(print (with-output-to-string (s) (describe (make-instance 'do-a :n 4) s)))
(print (typep #'describe-object 'standard-generic-function))
