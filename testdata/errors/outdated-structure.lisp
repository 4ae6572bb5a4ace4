;; an instance made before its structure was redefined with more slots
;; prints without slots it cannot name, and its accessors refuse it
(defstruct pt x)
(defvar *old* (make-pt :x 1))
(defstruct pt x y)
(prin1-to-string *old*)
(let ((*print-pretty* t)) (prin1-to-string *old*))
(format nil "~a" *old*)
(pt-y *old*)
(let ((*print-readably* t)) (prin1-to-string *old*))
(make-pt :x 1 :y 2)
