;; char and its setf reach every character below a string's size, past its
;; fill pointer too, as aref does.
(let ((s (make-array 6 :element-type 'character :initial-contents "abcdef" :fill-pointer 4)))
  (print (list (char s 4) (char s 5) (aref s 5) (length s)))
  (setf (char s 5) #\X)
  (print (copy-seq s))
  (setf (fill-pointer s) 6)
  (print s)
  (print (handler-case (char s 6) (error () :out-of-range)))
  (print (handler-case (setf (char s 2) 7) (type-error () :not-a-character))))
