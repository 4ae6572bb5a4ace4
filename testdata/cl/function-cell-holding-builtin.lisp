;; A symbol a program makes fbound to a standard function is the program's
;; to redefine, rotate and unbind; the standard names themselves stay
;; locked (SBCL's package lock).
(defvar *g* (gensym "F"))
(setf (symbol-function *g*) #'car)
(print (funcall *g* '(1 2)))
(print (eq (fmakunbound *g*) *g*))
(print (fboundp *g*))
(setf (fdefinition 'my-first) #'car)
(defun my-first (x) (list :mine x))
(print (my-first 3))
(let ((f1 (gensym)) (f2 (gensym)) (fn3 #'cdr))
  (setf (fdefinition f1) #'car (fdefinition f2) #'identity)
  (rotatef (fdefinition f1) (fdefinition f2) fn3)
  (print (list (funcall f1 '(a b)) (funcall f2 '(a b)) (funcall fn3 '(a b)))))
(print (handler-case (progn (setf (symbol-function 'car) #'cdr) :replaced)
         (error () :refused)))
(print (car '(1 2)))
