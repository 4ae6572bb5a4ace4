;; declare is not a special operator (CLHS 3.3.1): special-operator-p
;; answers nil for it, and t for the standard's special operators.
(print (special-operator-p 'declare))
(print (mapcar #'special-operator-p '(if let quote progn block tagbody go unwind-protect)))
(print (fboundp 'declare))
