;; #. evaluates its form at read time under *read-eval* t (the default),
;; in a cell's forms and in read-from-string and read; under nil it is a
;; reader-error; a feature expression that skips it does not evaluate it.
(defstruct wide (n 0 :type (integer 0 (#.(ash 1 32)))))
(print (wide-n (make-wide :n 4294967295)))
(print '(a #.(+ 1 2) #.(list 'b "c")))
(defun seven () 7)
(print (list #.(seven)))
(print (read-from-string "(x #.(* 6 7))"))
(print (with-input-from-string (s "#.(concatenate 'string \"a\" \"b\")") (read s)))
(print (handler-case (let ((*read-eval* nil)) (read-from-string "#.(+ 1 2)"))
         (reader-error () :refused)))
(print (list #+(or) #.(error "never") :skipped))
(print (handler-case (read-from-string "#.(error \"inside\")")
         (simple-error (e) (princ-to-string e))))
