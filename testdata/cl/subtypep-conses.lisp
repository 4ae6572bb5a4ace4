;; subtypep of cons types, complex types, arrays of high rank and types of
;; different families (ANSI subtypep.cons.1-2 and 35-37,
;; subtypep.array.3-5, subtypep-complex.4, 5 and 7).
(defun answer (a b)
  (multiple-value-bind (sub sure) (subtypep a b)
    (list (if sub t nil) (if sure t nil))))
(loop for (a b) on '(cons (cons)  (cons) (cons * *)  (cons t t) cons  (cons t) (cons t *)
                     (cons nil) nil  (cons nil t) float  (cons t nil) symbol  (cons nil nil) real
                     (cons * nil) nil  (cons (cons)) cons  (cons integer) list
                     (cons integer) (cons number)  (cons number) (cons integer)
                     integer (cons t t)  list (cons)  (cons integer) number
                     (cons symbol) sequence  null (cons t t)
                     (cons (integer 0 5) t) (or (cons integer t) (cons symbol t))
                     complex (complex *)  (complex) complex  (complex) (complex *)
                     (unsigned-byte 8) complex  complex (unsigned-byte 8)
                     (signed-byte 16) complex  complex (signed-byte 16)
                     (complex integer) complex  (integer 5 3) complex
                     (complex float) real  (complex float) number
                     (integer 0 5) character  character (integer 0 5)
                     symbol (vector t 5)  (vector t 5) symbol
                     (array * 12) (array * (* * * * * * * * * * * *))
                     (array t 9) (array t (* * * * * * * * *))
                     (array t (2 2 2 2 2 2 2 2 2 2)) (array t 10))
                by #'cddr
      do (format t "~s ~s ~s~%" a b (answer a b)))
