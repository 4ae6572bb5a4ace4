; rationalize: the simplest rational that rounds to the same float, and
; an integer-valued float's own integer.
(print (list (rationalize 0.1) (rationalize 0.5) (rationalize -0.1) (rationalize 1/3) (rationalize 3.0) (rationalize 0.3333333333333333) (rationalize 1d300) (rationalize 1d-300) (rationalize 5d-324) (rationalize 2.2250738585072014d-308) (rationalize 0.25) (rationalize 1.0) (rationalize 3.141592653589793) (rationalize 0.0) (rationalize -0.0) (rationalize 1.5d0) (rationalize 2.0) (rationalize 1d22) (rationalize 123.456)))
(print (loop for x in '(0.1 0.7 1d-5 12345.6789 1d200 5d-324 4.0 0.5 2.2250738585072014d-308) always (= (float (rationalize x) 1d0) x)))
(print (loop for i from 1 to 2000 for x = (/ (float i) 7.0) always (= (float (rationalize x) 1.0) x)))
(print (list (rationalize (/ 1.0 3)) (rationalize (sqrt 2.0)) (rationalize 1/7) (rationalize 17) (handler-case (rationalize #c(1 2)) (type-error () 'type-error))))
