;; The long form of defsetf with several store variables (issue 30): setf
;; stores the values of its form, one to each store variable; the modify
;; macros, get-setf-expansion and (setf values) see them too.
(defvar *pair* (list 1 2))
(defun pair-both (p) (values (first p) (second p)))
(defsetf pair-both (p) (a b)
  `(progn (setf (first ,p) ,a (second ,p) ,b) (values ,a ,b)))
(print (multiple-value-list (setf (pair-both *pair*) (values 10 20))))
(print *pair*)
;; A missing value stores nil.
(print (multiple-value-list (setf (pair-both *pair*) 7)))
(print *pair*)
;; The place's subform is evaluated once.
(defvar *calls* 0)
(let ((cell (list (list 0 0))))
  (setf (pair-both (progn (incf *calls*) (car cell))) (floor 17 5))
  (print (list cell *calls*)))
;; get-setf-expansion lists both store variables.
(multiple-value-bind (temps vals stores) (get-setf-expansion '(pair-both x))
  (print (list (length temps) (length vals) (length stores))))
;; In (setf values) a place's further store variables get nil.
(let ((p (list 1 2)) (z nil))
  (setf (values (pair-both p) z) (values 5 6))
  (print (list p z)))
;; A define-setf-expander with two store variables.
(define-setf-expander two-cars (x)
  (let ((tmp (gensym)) (a (gensym)) (b (gensym)))
    (values (list tmp) (list x) (list a b)
            `(progn (setf (car (first ,tmp)) ,a (car (second ,tmp)) ,b) (values ,a ,b))
            `(values (car (first ,tmp)) (car (second ,tmp))))))
(let ((l (list (list 1) (list 2))))
  (print (multiple-value-list (setf (two-cars l) (truncate 7 2))))
  (print l))
