;; format ~a, ~s and ~w print pretty from the column the object lands at.
(let ((*print-pretty* t))
  (format t "Result: ~a~%" (loop for i below 30 collect (* i 1000)))
  (format t "~s and ~w~%" '(defun f (x) (let ((y x)) (* y y y y y y y y y y y y y y y y y y y y y y y y y y))) '(1 2 3))
  (format t "~10a|~%" '(a b c))
  (format t "~a~%" (make-array 30 :initial-element 'abcd)))
(format t "~a~%" (loop for i below 30 collect (* i 1000)))
