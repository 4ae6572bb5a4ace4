;; merge interleaves two sorted sequences into one of the result type;
;; of equal elements, the first sequence's come first.
(print (merge 'list (list 1 3 5) (list 2 4 6) #'<))
(print (merge 'vector (vector 1 3 5) (list 2 3 6) #'<))
(print (merge 'string "adf" "bce" #'char<))
(print (merge 'list (list '(1 . a) '(2 . b)) (list '(1 . c) '(3 . d)) #'< :key #'car))
(print (merge 'list nil (list 1 2) #'<))
;; make-sequence makes a sequence of a type, size and initial element.
(print (make-sequence 'list 3 :initial-element 'x))
(print (make-sequence 'vector 2 :initial-element 0))
(print (make-sequence 'string 3 :initial-element #\z))
(print (make-sequence '(vector t) 0))
(print (make-sequence 'list 0))
(print (length (make-sequence 'string 4)))
(print (handler-case (make-sequence '(vector t 3) 2) (type-error () 'type-error)))
(print (handler-case (make-sequence 'null 1) (type-error () 'type-error)))
