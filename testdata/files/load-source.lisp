;; load reads and evaluates a file's forms in order, with *package* and
;; *readtable* bound around them and *load-pathname*/*load-truename* set.
(with-open-file (s "defs.lisp" :direction :output)
  (write-string "(defpackage :load-test (:use :cl))
(in-package :load-test)
(defparameter *where*
  (list (package-name *package*)
        (pathname-name *load-pathname*) (pathname-type *load-pathname*)
        (equal *load-truename* (truename \"defs.lisp\"))))
(defun twice (x) (* 2 x))
" s))
(print (load "defs.lisp"))
(print (package-name *package*))
(print (funcall (find-symbol "TWICE" "LOAD-TEST") 21))
(print (symbol-value (find-symbol "*WHERE*" "LOAD-TEST")))
;; A name without a type finds the source.
(print (load "defs"))
(print (load "missing.lisp" :if-does-not-exist nil))
(print (handler-case (load "missing.lisp") (file-error () :file-error)))
;; A stream is loaded as a file is, with no pathname.
(defparameter *z* 0)
(with-input-from-string (s "(setq *z* 5) (values 1 2) (in-package :load-test)")
  (print (load s)))
(print (list *z* (package-name *package*)))
(with-input-from-string (s "(print (list *load-pathname* *load-truename*))")
  (load s))
