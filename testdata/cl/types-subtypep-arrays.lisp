;; subtypep between array types compares simpleness, element kinds and
;; dimensions, and is certain; the string types are unions of character
;; kinds as SBCL has them.
(dolist (p '((simple-string (simple-array * (*)))
             (simple-string (simple-array * 1))
             (simple-string (simple-array character (*)))
             (simple-string (simple-array base-char (*)))
             ((array nil (*)) base-string)
             ((simple-array nil (*)) simple-base-string)
             ((vector t) sequence) ((array t) sequence) ((array t (*)) vector)
             (string vector) (vector string) (simple-vector (vector t))
             ((vector bit) bit-vector) (bit-vector (vector bit 3))
             ((array * (2 3)) (array * 2)) ((array t 2) (array t (* 3)))
             (cons (vector t)) (nil (vector t)) ((vector t 3) (simple-vector 3))
             ((simple-array t (3)) (simple-vector 3)) (base-string string)
             ((vector (integer 0 1)) bit-vector) (string atom) ((array t) atom)
             ((array t (*)) list) ((or string bit-vector) vector)))
  (print (list p (multiple-value-list (subtypep (first p) (second p))))))
