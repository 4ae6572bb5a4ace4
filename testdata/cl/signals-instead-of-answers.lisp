;; Forms SBCL refuses with an error where nodelisp once answered quietly.
;; Each line prints t when the form signals a condition of the expected type.
(defmacro signals-p (type form)
  `(handler-case (progn ,form nil)
     (,type () t)
     (error () :other-error)))

;; Mapping over a dotted list: the final atom is a type-error.
(print (signals-p type-error (mapcar #'identity '(1 2 . 3))))
(print (signals-p type-error (mapc #'identity '(1 2 . 3))))
(print (signals-p type-error (mapcan #'list '(1 2 . 3))))
(print (signals-p type-error (mapcon #'copy-list '(1 2 . 3))))
(print (signals-p type-error (mapl #'identity '(1 2 . 3))))
(print (signals-p type-error (maplist #'identity '(1 2 . 3))))
(print (signals-p type-error (mapcar #'+ '(1 2 3) '(4 5 . 6))))
;; Only the list that runs out is checked: a shorter proper list stops first.
(print (mapcar #'+ '(1 2) '(10 20 . 30)))
(print (handler-case (mapcar #'+ '(1 2 . 3) '(10 20)) (type-error (e) (type-error-datum e))))

;; A loop variable bound twice is a program-error.
(print (signals-p program-error (eval '(loop for x in '(1) for x in '(2) collect x))))
(print (signals-p program-error (eval '(loop with foo = 1 for x in '(1) collect x into foo))))
(print (signals-p program-error (eval '(loop with a = 1 with a = 2 return a))))
;; Two clauses accumulating into one variable share it.
(print (loop for x in '(1 2 3) collect x into acc collect (* x 10) into acc finally (return acc)))
;; The stepped variable after the loop, as SBCL leaves it.
(print (loop for x from 1 to 5 do (progn) finally (return x)))
(print (loop for x from 1 below 5 do (progn) finally (return x)))

;; Float results too large for a double.
(print (signals-p floating-point-overflow (exp 1000d0)))
(print (signals-p floating-point-overflow (expt 10d0 400)))
(print (signals-p floating-point-overflow (expt 2.0 2000.5)))
(print (signals-p floating-point-overflow (sinh 1000d0)))
(print (signals-p floating-point-overflow (* 1d300 1d300)))
(print (signals-p floating-point-overflow (+ most-positive-double-float most-positive-double-float)))
(print (signals-p floating-point-overflow (float (expt 10 400) 1d0)))
(print (signals-p arithmetic-error (exp 1000d0)))
(print (signals-p division-by-zero (expt 0.0 -1)))
;; Underflow still answers zero.
(print (exp -1000d0))
(print (expt 10.0 -400))

;; A result type that is no sequence type.
(print (signals-p type-error (concatenate 'integer '(1) '(2))))
(print (signals-p type-error (map 'integer #'identity '(1))))
(print (signals-p type-error (concatenate 'symbol "a")))

;; Every name char-name gives reads back with name-char.
(print (loop for code below 1000
             for c = (code-char code)
             for name = (char-name c)
             count (and name (not (eql (name-char name) c)))))
(print (list (char-name (code-char 160)) (char-name (code-char 233)) (char-name (code-char 7))))
(print (list (name-char "NO-BREAK_SPACE") (name-char "latin_small_letter_e_with_acute")
             (name-char "U+41") (name-char "Altmode") (name-char "A")))
