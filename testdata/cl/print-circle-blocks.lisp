;; *print-circle* in a program's logical blocks: the outermost block's list is
;; scanned for shared structure as far as *print-length* lets it print, a
;; nested block over a list printed before is #n#, and a shared tail that
;; pprint-pop reaches prints as . #n#; the same for pprint-fill and
;; pprint-linear. Plain printing stops counting references where
;; *print-length* and *print-level* cut the output.
(print (with-standard-io-syntax
   (let* ((*print-pretty* t) (*print-right-margin* 100) (*print-readably* nil) (*print-circle* t) (v1 '(8)) (val (list v1 v1)))
     (with-output-to-string (os)
       (pprint-logical-block (os val :prefix "(" :suffix ")")
        (pprint-logical-block (os (car val) :prefix "(" :suffix ")") (write (caar val) :stream os))
        (write-char #\Space os)
        (pprint-logical-block (os (cadr val) :prefix "(" :suffix ")") (write (caadr val) :stream os)))))))
(flet ((%f (len)
         (with-standard-io-syntax
           (let ((*print-pretty* t) (*print-escape* nil) (*print-right-margin* 100) (*print-readably* nil) (*print-length* len) (*print-circle* t))
             (with-output-to-string (os)
               (let* ((tail (list 1)) (x (list* tail 2 tail)))
                 (pprint-logical-block (os x :prefix "<" :suffix ">")
                   (pprint-exit-if-list-exhausted)
                   (write (pprint-pop) :stream os)
                   (loop (pprint-exit-if-list-exhausted) (write #\Space :stream os) (write (pprint-pop) :stream os)))))))))
  (print (list (%f nil) (%f 0) (%f 1) (%f 2) (%f 3) (%f 4))))
(flet ((%f (len)
         (with-standard-io-syntax
           (let ((*print-pretty* t) (*print-escape* nil) (*print-right-margin* 100) (*print-readably* nil) (*print-length* len) (*print-circle* t))
             (with-output-to-string (os)
               (let* ((tail (list 2)) (x (list* 1 tail)))
                 (setf (cdr tail) tail)
                 (pprint-logical-block (os x :prefix "[[" :suffix "]]")
                   (pprint-exit-if-list-exhausted)
                   (write (pprint-pop) :stream os)
                   (loop (pprint-exit-if-list-exhausted) (write #\Space :stream os) (write (pprint-pop) :stream os)))))))))
  (print (list (%f 0) (%f 1) (%f 2) (%f 3) (%f 10) (%f 20))))
(print (let ((*print-circle* t) (*print-pretty* t)) (with-output-to-string (s) (let ((v (list 1))) (pprint-fill s (list v v 3))))))
(print (let ((*print-circle* t) (*print-pretty* t)) (with-output-to-string (s) (let ((v (list 1))) (pprint-linear s (list v (list v)))))))
(print (let ((*print-circle* t) (*print-pretty* t)) (with-output-to-string (s) (let ((x (list 1 2))) (setf (cddr x) x) (pprint-logical-block (s x :prefix "<" :suffix ">") (loop (write (pprint-pop) :stream s) (pprint-exit-if-list-exhausted) (write-char #\Space s)))))))
(print (let ((*print-circle* t) (*print-pretty* nil)) (with-output-to-string (s) (let ((v (list 1))) (pprint-fill s (list v v 3))))))
(dolist (len '(nil 0 1 2 3 4))
  (print (let ((*print-circle* t) (*print-length* len)) (prin1-to-string (let ((tail (list 1))) (list* tail 2 tail))))))
(dolist (lev '(nil 0 1 2))
  (print (let ((*print-circle* t) (*print-level* lev)) (prin1-to-string (let ((v (list (list 1)))) (list v (list v)))))))
(print (let ((*print-circle* t) (*print-length* 2)) (prin1-to-string (let ((v (vector 1))) (list 1 v v)))))
(print (let ((*print-circle* t) (*print-length* 2)) (prin1-to-string (let ((v (list 1))) (vector 1 v v)))))
;; format into a circle block whose list shares nothing prints as without labels
(print (let ((*print-circle* t) (*print-pretty* t) (v (list 1))) (with-output-to-string (s) (pprint-logical-block (s (list v 2)) (format s "~S ~S" (pprint-pop) (pprint-pop))))))
(print (let ((*print-circle* nil) (*print-pretty* t) (v (list 1))) (with-output-to-string (s) (pprint-logical-block (s (list v v)) (format s "~S ~S" (pprint-pop) (pprint-pop))))))
