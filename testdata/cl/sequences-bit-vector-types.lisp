;; bit-vector, simple-bit-vector and (vector bit) as result types of
;; make-sequence, coerce, concatenate, map and merge; (vector
;; (unsigned-byte n)) is a vector that typep knows as one.
(print (make-sequence '(vector (unsigned-byte 1)) 3))
(print (make-sequence 'bit-vector 3 :initial-element 1))
(print (make-sequence '(simple-bit-vector 2) 2 :initial-element 1))
(print (coerce '(1 0 1) 'bit-vector))
(print (coerce #(1 0 1) 'simple-bit-vector))
(print (concatenate 'bit-vector #*10 '(1 1)))
(print (concatenate '(vector bit) '(0) #(1)))
(print (map 'bit-vector #'- '(1 0) '(0 0)))
(print (merge 'bit-vector (list 0 0 1 1) (list 0 1) #'<))
(print (handler-case (coerce '(1 2) 'bit-vector) (type-error () :type-error)))
(print (handler-case (make-sequence '(bit-vector 2) 3) (type-error () :type-error)))
(print (loop for i from 1 to 16
             for type = `(vector (unsigned-byte ,i))
             for vec = (make-sequence type 4 :initial-element 0)
             unless (and (typep vec type) (every #'zerop vec))
               collect i))
(print (typep #*101 '(vector bit)))
(print (typep "abc" '(vector character)))
(print (upgraded-array-element-type 'bit))
(print (upgraded-array-element-type 'character))
(print (upgraded-array-element-type t))
