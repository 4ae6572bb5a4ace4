;; package-error-package, unbound-slot-instance and print-not-readable-object
;; read the condition's initargs (ANSI package-error-package.1-4).
(print (package-error-package (make-condition 'package-error :package "CL")))
(print (eq (find-package (package-error-package (make-condition 'package-error :package (find-package "CL")))) (find-package "CL")))
(print (package-error-package (make-condition 'package-error :package #\A)))
(define-condition my-pkg-error (package-error) ())
(print (package-error-package (make-condition 'my-pkg-error :package "KEYWORD")))
(print (unbound-slot-instance (make-condition 'unbound-slot :instance 42 :name 'foo)))
(print (cell-error-name (make-condition 'unbound-slot :instance 42 :name 'foo)))
(print (print-not-readable-object (make-condition 'print-not-readable :object "x")))
(print (handler-case (package-error-package) (program-error () :program-error)))
(define-condition my-cond () ((object :initarg :thing :reader my-object)))
(print (my-object (make-condition 'my-cond :thing 1)))
