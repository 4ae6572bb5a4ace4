;; The parts of a double: decode-float, integer-decode-float,
;; float-precision, float-digits, float-radix, float-sign, scale-float.
(dolist (x (list 0d0 -0d0 1d0 -2.5d0 4.9406564584124654d-324 1.7976931348623157d308 0.1d0))
  (print (list x (multiple-value-list (decode-float x))
               (multiple-value-list (integer-decode-float x))
               (float-precision x) (float-digits x) (float-radix x)
               (float-sign x) (float-sign x 3d0))))
(print (scale-float 1.5d0 3))
(print (scale-float 1d0 -1074))
(print (scale-float 1d0 -5000))
(print (scale-float -0.75d0 10))
(print (multiple-value-bind (m e s) (integer-decode-float 123.456d0) (* s m (expt 2 e))))
(print (handler-case (float-radix 1) (type-error () 'type-error)))
