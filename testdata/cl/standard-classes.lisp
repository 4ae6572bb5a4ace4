;; The standard classes and condition types of CLHS 4.3.7's and 9.1's
;; tables: find-class knows each, subtypep places the object system's own
;; classes (a generic function is a function and a standard object), the
;; classes of structure-object and standard-object are a structure class
;; and a standard class, and the standard generic functions are generic
;; functions (ANSI types.3, types.6, cl-types-that-are-classes.1-3,
;; structure-object-is-in-structure-class, standard-object-is-in-standard-class,
;; all-standard-generic-functions-are-instances-of-that-class,
;; standard-generic-function.1-2).
(defclass myc () ())
(defstruct mys a)
(dolist (p '((myc standard-object) (standard-object myc) (mys structure-object) (myc structure-object)
             (generic-function function) (generic-function standard-object) (standard-generic-function atom)
             (class standard-object) (standard-class class) (built-in-class class) (structure-class class)
             (method standard-object) (standard-method method) (method-combination t)
             (style-warning warning) (unbound-slot cell-error) (storage-condition serious-condition)
             (floating-point-inexact arithmetic-error) (floating-point-underflow arithmetic-error)
             (floating-point-invalid-operation arithmetic-error) (print-not-readable error)
             (file-stream stream) (two-way-stream stream) (logical-pathname pathname)
             (myc class) (mys atom)
             ((and style-warning (not warning)) nil) ((and (not warning) style-warning) nil)
             ((and class standard-object) class)))
  (print (list p (multiple-value-list (subtypep (first p) (second p))))))
(print (loop for s in '(broadcast-stream built-in-class class concatenated-stream echo-stream file-stream
                        floating-point-inexact floating-point-invalid-operation floating-point-underflow
                        generic-function logical-pathname method method-combination package pathname
                        print-not-readable random-state readtable restart standard-class
                        standard-generic-function standard-method storage-condition string-stream
                        structure-class style-warning synonym-stream two-way-stream unbound-slot)
             for c = (find-class s nil)
             unless (and c (eq (class-name c) s) (typep c 'class))
               collect s))
(print (typep (find-class 'structure-object) 'structure-class))
(print (typep (find-class 'standard-object) 'standard-class))
(print (typep (find-class 'myc) 'standard-class))
(print (typep (make-condition 'style-warning) 'warning))
(print (handler-case (signal 'storage-condition) (serious-condition () :caught)))
(print (list (typep #'make-instance 'generic-function) (typep #'make-instance 'standard-generic-function)
             (typep #'car 'generic-function) (typep #'print-object 'generic-function)))
(defgeneric sgf (x)
  (:method ((x standard-generic-function)) 1)
  (:method ((x function)) 2)
  (:method ((x t)) 3))
(print (list (sgf #'make-instance) (sgf #'cons) (sgf 'a)))
(print (list (constantp 'lambda-list-keywords) (subsetp '(&optional &rest &key &aux &body &whole &environment &allow-other-keys) lambda-list-keywords)
             (boundp '*debugger-hook*) (boundp '*break-on-signals*) (boundp '*load-verbose*) (boundp '*compile-print*)
             (boundp '*modules*) (boundp '*macroexpand-hook*) (not (null (member :common-lisp *features*)))))
