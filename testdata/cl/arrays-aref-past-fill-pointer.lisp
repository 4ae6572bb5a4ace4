;; aref, (setf aref) and row-major-aref reach every element below an array's
;; size, past its fill pointer too; elt stops at the fill pointer.
(print (let ((s1 (make-array '(10) :fill-pointer 5 :initial-element nil))) (fill s1 'a) (loop for i from 0 to 9 collect (aref s1 i))))
(print (let ((s (make-array 6 :element-type 'character :initial-element #\x :fill-pointer 2))) (setf (aref s 4) #\y) (list s (aref s 4) (progn (setf (fill-pointer s) 6) s))))
(print (let ((v (make-array 6 :fill-pointer 2 :initial-element 0))) (setf (row-major-aref v 5) 9) (list v (aref v 5))))
(print (handler-case (let ((v (make-array 6 :fill-pointer 2 :initial-element 0))) (aref v 6)) (error () :error)))
(print (handler-case (elt (make-array 6 :fill-pointer 2 :initial-element 0) 3) (error () :error)))
