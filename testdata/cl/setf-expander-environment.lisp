;; A setf expander's &environment variable is bound and can be passed on.
(defun my-car (x) (car x))
(define-setf-expander my-car (place &environment env)
  "Stores into the car."
  (multiple-value-bind (temps vals stores set-form get-form)
      (get-setf-expansion place env)
    (declare (ignore stores set-form))
    (let ((store (gensym)) (temp (gensym)))
      (values `(,@temps ,temp) `(,@vals ,get-form) `(,store)
              `(progn (rplaca ,temp ,store) ,store) `(my-car ,temp)))))
(print (let ((a (list 'x 'y))) (list (setf (my-car a) 'z) a (incf (my-car (list 1))))))
;; A macro's &environment may follow the parameters whose defaults use it.
(print (macrolet ((foo () 1))
         (macrolet ((%f (&optional (x (macroexpand '(foo) env)) &environment env) x))
           (%f))))
(defmacro env-first (&environment env &optional (x (macroexpand-1 '(env-first 7) env))) (list 'quote x))
(print (env-first))
