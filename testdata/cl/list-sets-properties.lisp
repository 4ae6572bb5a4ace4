;; nset-exclusive-or, nsublis and get-properties.
(print (sort (nset-exclusive-or (list 1 2 3 4) (list 3 4 5 6)) #'<))
(print (nset-exclusive-or nil (list 1)))
(print (sort (nset-exclusive-or (list "a" "b") (list "b" "c") :test #'string=) #'string<))
(print (nsublis '((a . 1) (b . 2)) (list 'a 'b '(c a))))
(print (nsublis '(("x" . 1)) (list "x" "y") :test #'equal))
(print (multiple-value-list (get-properties '(a 1 b 2 c 3) '(c b))))
(print (multiple-value-list (get-properties '(a 1 b 2 c 3) '(d))))
(print (multiple-value-list (get-properties nil '(a))))
