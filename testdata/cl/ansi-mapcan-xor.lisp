;; Silent differences the ANSI suite found: mapcan and mapcon keep a last
;; result that is not a list as the final cdr, and set-exclusive-or calls
;; its test with an element of list-1 first, also for list-2's elements.
(print (mapcan (constantly 1) (list 'a)))
(print (mapcon (constantly 1) (list 'a)))
(print (mapcan (lambda (x) (if (eq x 'b) 7 (list x))) '(a b)))
(print (let ((i 0)) (mapcan (lambda (x) (incf i) (if (= i 2) 2 (list x))) '(a b c))))
(print (sort (set-exclusive-or (list 1 2 3 4) (list 3 4 5 6) :test #'(lambda (x y) (= x (1- y)))) #'<))
(print (sort (nset-exclusive-or (list 1 2 3 4) (list 3 4 5 6) :test #'(lambda (x y) (= x (1- y)))) #'<))
(print (let ((calls nil)) (set-exclusive-or (list 'a 'b) (list 'c) :test (lambda (x y) (push (list x y) calls) nil)) (every (lambda (p) (member (first p) '(a b))) calls)))
