;; The standard condition types nodelisp never signals itself still exist,
;; with their accessors, and a handler-case clause's variable declared
;; special is bound dynamically (the ANSI suite's conditions chapter).
(print (cell-error-name (make-condition 'unbound-slot :name 's)))
(print (unbound-slot-instance (make-condition 'unbound-slot :name 's :instance 'x)))
(print (print-not-readable-object (make-condition 'print-not-readable :object 'y)))
(print (handler-case (signal 'style-warning) (warning () :warning)))
(print (handler-case (error 'floating-point-underflow) (arithmetic-error () :arith)))
(print (handler-case (error 'storage-condition) (error () :error) (serious-condition () :serious)))
(print (loop for c in '(floating-point-inexact floating-point-invalid-operation floating-point-underflow print-not-readable storage-condition style-warning unbound-slot) collect (list c (subtypep c 'error) (subtypep c 'warning) (subtypep c 'cell-error))))
(print (typep (make-condition 'floating-point-inexact) 'arithmetic-error))
;; A handler-case clause's variable declared special is bound dynamically.
(print (labels ((%f () (declare (special *c*)) (and (typep *c* 'condition) t))
                (%g () (let ((*c* nil)) (declare (special *c*)) (%h)))
                (%h () (handler-case (error "foo") (error (*c*) (declare (special *c*)) (%f)))))
         (%g)))
(print (handler-case (error "foo") (error (c) (declare (special c)) (typep (symbol-value 'c) 'simple-error))))
