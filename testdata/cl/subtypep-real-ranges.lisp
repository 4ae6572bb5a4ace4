;; subtypep over ranges of reals: integer, rational, real and float types with bounds.
(dolist (p '(((float 0.0 10.0) (float 0.0 11.0)) ((float (-0.0) *) (float (0.0) *)) ((integer) (real *)) ((integer 0 5) (rational (-1/2) 11/2)) ((real 0 1) (rational 0 1)) ((float 0.0 1.0) (rational)) ((integer 3 2) float) ((rational 0 1) (real 0 (1))) (integer (real)) (float real) (real float) (fixnum (integer)) ((integer (0) (1)) (float 5.0 6.0)) (bit (real 0 1)) ((real (0) 1) (real 0 1))))
  (print (multiple-value-list (subtypep (first p) (second p)))))
