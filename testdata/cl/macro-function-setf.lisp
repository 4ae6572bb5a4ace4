;; (setf macro-function) installs an expander of a form and an environment.
(setf (macro-function 'my-second) (lambda (form env) (declare (ignore env)) `(car (cdr ,(second form)))))
(print (list (my-second '(1 2 3)) (macroexpand-1 '(my-second x)) (not (null (macro-function 'my-second)))))
;; Another macro's expander, with the environment argument given.
(let ((x (list 'a 'b 'c)) (i 0))
  (setf (macro-function (progn (incf i) 'my-pop) nil) (macro-function 'pop))
  (print (list (eval '(let ((y (list 1 2))) (list (my-pop y) y))) i)))
;; A function of that name becomes a macro.
(defun was-fn (x) (list :fn x))
(setf (macro-function 'was-fn) (lambda (form env) (declare (ignore env)) `(list :macro ',(second form))))
(print (was-fn 5))
