;; (setf (fdefinition '(setf f)) fn) defines a setf function; fdefinition
;; and symbol-function refuse what is not a function name (symbol-function
;; takes only symbols); () in a destructuring lambda list is a pattern
;; that matches the empty list.
(let* ((sym (gensym)) (fname (list 'setf sym)))
  (print (fboundp fname))
  (setf (fdefinition fname) (fdefinition 'cons))
  (print (eval `(setf (,sym 'a) 'b)))
  (print (not (null (fboundp fname)))))
(dolist (bad '((setf) (setf . foo) (setf foo . bar) (setf foo bar) (foo)))
  (print (handler-case (fdefinition bad) (type-error () :type-error))))
(print (handler-case (symbol-function '(setf car)) (type-error () :type-error)))
(print (macrolet ((m (()) :good)) (m ())))
(print (destructuring-bind (a () b) '(1 nil 2) (list a b)))
(print (handler-case (destructuring-bind (a ()) '(1 (2)) a) (error () :no-match)))
