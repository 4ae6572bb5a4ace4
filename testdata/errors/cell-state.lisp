;; an error ends its form's cell; definitions and globals made before it stay
(defvar *kept* 1)
(defun kept-fn () 'kept)
(progn (setq *kept* 2) (error "after setq"))
*kept*
(kept-fn)
(defun broken () (car 1))
(broken)
(defun broken () 'fixed)
(broken)
---
(print "output before an error is kept")
(error "then it fails")
---
;; a note on the first line of a chunk is just a comment to evaluation
(+ 1 2)
(values 1 2 3)
(values)
"a string value"
#\a
'(1 "two" #\3 4.5)
(make-hash-table)
(lambda (x) x)
#'car
(defun named () 1)
