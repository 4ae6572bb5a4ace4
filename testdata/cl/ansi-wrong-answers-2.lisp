;; More forms the ANSI suite found nodelisp answering where SBCL signals
;; or answers otherwise.
(defmacro signals-p (type form)
  `(handler-case (progn ,form nil)
     (,type () t)
     (error () :other-error)))

;; A loop whose value both an always/never/thereis clause and an
;; accumulation without into would give is a program-error.
(print (signals-p program-error (eval '(loop for i from 1 to 10 collect i always (< i 20)))))
(print (signals-p program-error (eval '(loop for i from 1 to 10 never (> i 20) collect i))))
(print (signals-p program-error (eval '(loop for i from 1 to 10 sum i thereis (> i 20)))))
(print (loop for i from 1 to 3 collect i into l always (< i 20) finally (return l)))

;; sequence names no kind of sequence to make; a vector type's length
;; must match.
(print (signals-p type-error (concatenate 'sequence '(a b c))))
(print (signals-p type-error (map 'sequence #'identity '(1 2))))
(print (signals-p type-error (concatenate '(vector * 3) '(1 2 3 4 5))))
(print (concatenate '(vector * 3) '(1 2 3)))
(print (signals-p type-error (map '(vector * 8) #'identity '(1 2 3))))
(print (map '(vector t 3) #'1+ '(1 2 3)))
(print (coerce '(1 2) 'sequence))

;; multiple-value-setq stores into a symbol macro's place.
(print (let (x) (symbol-macrolet ((y x)) (multiple-value-setq (y) (values 1 2)) x)))
(print (let ((x (list nil))) (symbol-macrolet ((y (car x))) (list (multiple-value-setq (y) (values 1 2)) x))))
(print (let ((x (list nil)) z) (symbol-macrolet ((y (car x))) (multiple-value-setq (y z) (values 1 2))) (list x z)))
