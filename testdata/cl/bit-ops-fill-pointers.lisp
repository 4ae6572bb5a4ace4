;; The bit operations combine whole bit arrays: a fill pointer does not
;; shorten them, and the result is a fresh simple bit vector of the
;; arrays' size (or the array given, fill pointer kept).
(let ((a (make-array 3 :element-type 'bit :initial-contents '(1 1 0) :fill-pointer 0))
      (b (make-array 3 :element-type 'bit :initial-contents '(1 0 1) :fill-pointer 2)))
  (let ((r (bit-and a b)))
    (print (list (simple-bit-vector-p r) (length r) (aref r 0) (aref r 1) (aref r 2))))
  (let ((r (bit-ior a b)))
    (print (list (length r) (aref r 0) (aref r 1) (aref r 2))))
  (let ((r (bit-not b)))
    (print (list (length r) (aref r 0) (aref r 1) (aref r 2))))
  (bit-xor a b t)
  (print (list (fill-pointer a) (aref a 0) (aref a 1) (aref a 2))))
(print (bit-and #*1100 #*1010))
(print (handler-case (bit-and #*11 #*1) (error () :different-sizes)))
