;; #nA reads an array of rank n from nested sequences, as SBCL does.
(print #2A((1 2) (3 4)))
(print (aref #2A((1 2) (3 4)) 1 0))
(print #0A5)
(print (array-dimensions #3A(((1 2) (3 4)) ((5 6) (7 8)))))
(print #1A(1 2 3))
(print (array-dimensions #2A()))
(print (array-dimensions #2A(() ())))
(print #2A("ab" "cd"))
