;; A declaration whose identifier is neither standard, nor a type, nor
;; proclaimed with (declaration …) signals a warning when its form is
;; compiled (analysed), and the form still runs.
(defun count-warnings (form)
  (let ((n 0))
    (handler-bind ((warning (lambda (c) (incf n) (muffle-warning c))))
      (eval form))
    n))
(print (count-warnings '(let ((x 1)) (declare (ignorable x) (fixnum x) (type integer x) (optimize speed)) x)))
(print (count-warnings '(let ((x 1)) (declare (ingore x)) x)))
(print (count-warnings '(flet ((g (y) (declare (bogus-declaration y)) y)) (g 2))))
(defstruct point2 x)
(print (count-warnings '(let ((p (make-point2))) (declare (point2 p)) (point2-x p))))
(proclaim '(declaration my-annotation))
(print (count-warnings '(let ((x 1)) (declare (my-annotation x)) x)))
(print (let ((x 5)) (declare (unheard-of x)) (* x 2)))
