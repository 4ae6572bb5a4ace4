;; Which entry of a pprint dispatch table prints an object: the matching
;; one of highest priority; a program's entry wins over the standard
;; layouts whatever its priority; an equal type specifier replaces.

(defun f (s o) (declare (ignore o)) (write-string "<F>" s))
(defun g (s o) (declare (ignore o)) (write-string "<G>" s))

(defmacro with-table (&body body)
  `(let ((*print-pprint-dispatch* (copy-pprint-dispatch nil))
         (*print-pretty* t))
     ,@body))

(defun show (label value)
  (let ((*print-pretty* nil))
    (format t "~a: ~s~%" label value)))

(show "higher priority wins"
      (with-table
        (set-pprint-dispatch '(eql x) 'f 1)
        (set-pprint-dispatch '(member x y) 'g 0)
        (list (prin1-to-string 'x) (prin1-to-string 'y))))

(show "lower priority loses"
      (with-table
        (set-pprint-dispatch '(eql x) 'f)
        (set-pprint-dispatch '(member x y) 'g -1/2)
        (list (prin1-to-string 'x) (prin1-to-string 'y))))

(show "float and rational priorities"
      (with-table
        (set-pprint-dispatch '(eql x) 'f 0.5)
        (set-pprint-dispatch 'symbol 'g 1/3)
        (list (prin1-to-string 'x) (prin1-to-string 'y))))

(show "over the standard layouts at any priority"
      (with-table
        (set-pprint-dispatch 'cons 'f -5)
        (list (prin1-to-string '(a b)) (prin1-to-string '(let ((a 1)) a))
              (prin1-to-string ''q))))

(show "equal type specifier replaces"
      (with-table
        (set-pprint-dispatch '(eql x) 'f)
        (set-pprint-dispatch '(eql x) 'g)
        (prin1-to-string 'x)))

(show "older entry wins a tie"
      (with-table
        (set-pprint-dispatch 'symbol 'f)
        (set-pprint-dispatch '(eql x) 'g)
        (prin1-to-string 'x)))

(show "car entries yield in a tie"
      (with-table
        (set-pprint-dispatch '(cons (eql a)) 'g)
        (set-pprint-dispatch 'cons 'f)
        (list (prin1-to-string '(a 1)) (prin1-to-string '(b 1)))))

(show "removing one leaves the others"
      (with-table
        (set-pprint-dispatch '(eql x) 'f 1)
        (set-pprint-dispatch 'symbol 'g)
        (set-pprint-dispatch '(eql x) nil)
        (list (prin1-to-string 'x) (prin1-to-string "x"))))

(show "a lambda as the function"
      (with-table
        (set-pprint-dispatch 'integer
                             (lambda (s n)
                               (let ((*print-pretty* nil))
                                 (format s "#~d#" (* n 10)))))
        (prin1-to-string '(1 2 3))))
