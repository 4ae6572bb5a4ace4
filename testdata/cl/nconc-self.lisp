;; nconc links its last list without walking it, so joining a list to
;; itself makes a circular list (the suite's universe builds one so).
(let ((s (list 1 2)))
  (nconc s s)
  (print (list (first s) (second s) (third s) (eq s (cddr s)))))
(print (nconc (list 1) (list 2) 3))
(print (nconc nil (list 1) nil (list 2 3)))
