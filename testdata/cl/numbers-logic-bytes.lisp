; The bitwise operations beyond and/or/xor, on fixnums, negatives and
; bignums, and byte specifiers with the fields they name.
(print (list (logeqv) (logeqv 5) (logeqv 5 3) (logeqv 5 3 1) (logeqv -1 (expt 2 70))))
(print (list (lognand 5 3) (lognor 5 3) (logandc1 5 3) (logandc2 5 3) (logorc1 5 3) (logorc2 5 3)))
(print (list (lognand -6 (expt 2 65)) (logandc1 (expt 2 64) -1) (logorc2 0 (expt 2 66))))
(print (list (logtest 4 3) (logtest 6 3) (logtest -1 (expt 2 100)) (logtest 0 -1)))
(print (list (byte 3 4) (byte-size (byte 3 4)) (byte-position (byte 3 4))))
(print (list (ldb (byte 4 4) 255) (ldb (byte 4 2) -1) (ldb (byte 8 64) (expt 2 70)) (ldb (byte 0 3) 255)))
(print (list (dpb 1 (byte 2 1) 0) (dpb -1 (byte 3 2) 0) (dpb 0 (byte 8 0) -1) (dpb 5 (byte 3 100) 0)))
(print (list (deposit-field 7 (byte 2 1) 0) (deposit-field -1 (byte 4 4) 0) (mask-field (byte 2 1) -1) (mask-field (byte 4 60) -1)))
(print (list (ldb-test (byte 2 1) 4) (ldb-test (byte 2 1) 8) (ldb-test (byte 1 70) (expt 2 70))))
(print (list (handler-case (logtest 1.0 1) (type-error () 'type-error))
             (handler-case (ldb 3 4) (type-error () 'type-error))))
; coerce to complex types
(print (list (coerce 1/2 'complex) (coerce 1.5 'complex) (coerce 0 '(complex double-float)) (coerce #c(1 2) '(complex double-float))))
