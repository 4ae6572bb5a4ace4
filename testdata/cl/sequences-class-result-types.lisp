;; A class names the sequence type of its instances where a result type
;; is asked for.
(print (list (make-sequence (find-class 'list) 2 :initial-element 'a)
             (make-sequence (find-class 'vector) 2 :initial-element 0)
             (concatenate (find-class 'list) #(1) '(2))
             (coerce '(1 2) (find-class 'vector))))
