;; equalp compares arrays of every rank element by element (issue 30).
(print (equalp #2A((1 2) (3 4)) #2A((1 2) (3 4))))
(print (equalp #2A((1 2) (3 4)) #2A((1 2) (3 5))))
(print (equalp #2A((1 2) (3 4)) #2A((1 2 3 4))))
(print (equalp #2A(("a" #\B) (1.0 2)) #2A(("A" #\b) (1 2.0))))
(print (equalp (make-array '(2 2 2) :initial-element 0) (make-array '(2 2 2) :initial-element 0.0)))
(print (equalp #0A5 #0A5.0))
(print (equalp #2A((1 2)) #(1 2)))
(print (equal #2A((1 2) (3 4)) #2A((1 2) (3 4))))
