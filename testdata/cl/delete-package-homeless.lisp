;; A symbol whose home package is deleted has no home: symbol-package is
;; nil and it prints as an uninterned symbol (ANSI print.symbol.prefix.8).
(defpackage "DOOMED" (:use))
(defpackage "SURVIVOR" (:use))
(let ((s (intern "ABC" "DOOMED")))
  (import s "SURVIVOR")
  (print (symbol-package s))
  (delete-package "DOOMED")
  (print (symbol-package s))
  (print s)
  (print (symbol-name s))
  (print (eq s (find-symbol "ABC" "SURVIVOR"))))
(let ((k (intern "KEEP" "SURVIVOR")))
  (print (package-name (symbol-package k))))
