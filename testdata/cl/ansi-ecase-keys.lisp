;; In ecase, ccase, etypecase and ctypecase, t and otherwise are ordinary
;; keys or types, not an otherwise clause (the ANSI suite's
;; data-and-control-flow chapter).
(print (ecase t ((t) 10) (t 20)))
(print (etypecase 1 (integer (quote a)) (t (quote b))))
(print (handler-case (ecase 1 (t nil)) (type-error () :te)))
(print (etypecase 1 (integer (quote a)) (otherwise (quote b))))
(print (ecase 'otherwise (otherwise 1)))
(print (ccase (car '(t)) ((t) :t) (t :other)))
(print (ctypecase (car '(x)) (integer 1) (t 2)))
(print (handler-case (ecase 'x (otherwise 1)) (type-error () :te)))
