;; coerce's result must be of the result type: nil is no cons, and a list
;; of three makes no (vector * 2); both are type-errors (ANSI
;; coerce.error.2-4 and 9). (bit-vector n) is a type typep knows.
(dolist (form '((coerce '(a b c) '(vector * 2))
                (coerce '(a b c) '(vector * 4))
                (coerce nil 'cons)
                (coerce '(#\a) '(string 2))
                (coerce '(a b c) '(vector * 3))
                (coerce "abc" '(simple-string 3))
                (coerce '(1 0 1) '(bit-vector 3))
                (coerce #(1 2) 'cons)
                (coerce '(1 2) '(array t (2)))
                (coerce '(1 2) 'simple-vector)))
  (print (handler-case (eval form) (type-error () :type-error))))
(print (list (typep #*101 '(bit-vector 3)) (typep #*101 '(bit-vector 2))
             (typep #*101 '(simple-bit-vector *)) (typep "ab" '(bit-vector 2))))
