;; defgeneric takes the standard :generic-function-class and :method-class,
;; each once.
(defgeneric gc-f (x)
  (:generic-function-class standard-generic-function)
  (:method-class standard-method)
  (:method ((x integer)) (* x 2)))
(print (gc-f 21))
(print (typep #'gc-f 'standard-generic-function))
(print (handler-case (progn (eval '(defgeneric gc-g (x) (:method-class standard-method) (:method-class standard-method))) :ok)
         (program-error () :program-error)))
(print (handler-case (progn (eval '(defgeneric gc-g (x) (:generic-function-class standard-generic-function) (:generic-function-class standard-generic-function))) :ok)
         (program-error () :program-error)))
