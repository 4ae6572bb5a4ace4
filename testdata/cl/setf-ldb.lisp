;; (setf ldb) and (setf mask-field): the integer is a place of its own.
(let ((x 0)) (print (setf (ldb (byte 4 4) x) 15)) (print x))
(let ((x #xFF)) (setf (ldb (byte 4 0) x) 0) (print x))
(let ((l (list 1 2))) (incf (ldb (byte 2 2) (car l))) (print l))
(let ((x 0)) (print (setf (mask-field (byte 4 4) x) #xABC)) (print x))
(let ((v (vector 0 0)) (i -1)) (setf (ldb (byte 8 (* 8 (incf i))) (aref v (incf i))) 255) (print (list v i)))
