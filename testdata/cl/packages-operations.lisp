;; make-package, export, import, shadow, shadowing-import, use-package,
;; unintern, and the name conflicts the standard makes errors.
(defvar *lib* (make-package "LIB" :use '("COMMON-LISP")))
(print *lib*)
(print (packagep *lib*))
(let ((s (intern "GREET" *lib*)))
  (export s *lib*)
  (print (multiple-value-list (find-symbol "GREET" *lib*))))
(setf (symbol-function (find-symbol "GREET" "LIB")) (lambda (n) (format nil "hello, ~a" n)))
(print (funcall (find-symbol "GREET" "LIB") "ann"))

(defpackage :app (:use :cl :lib))
(in-package :app)
(print (greet "bob"))
(print (multiple-value-list (find-symbol "GREET")))
(print (eq 'greet 'lib:greet))

;; shadow a CL function and define it: no package lock on the shadow
(shadow "REVERSE")
(defun reverse (x) (list :reversed x))
(print (reverse '(1 2 3)))
(print (cl:reverse '(1 2 3)))
(print (mapcar #'symbol-name (package-shadowing-symbols :app)))

;; importing a second symbol of a name already present is a conflict
(print (handler-case (import (intern "REVERSE" :cl-user) :app)
         (package-error () :conflict)))
(shadowing-import 'lib::greet :app)
(print (multiple-value-list (find-symbol "GREET")))

(in-package :cl-user)
(defpackage :other (:use :cl) (:export #:greet))
;; GREET is a shadowing symbol of APP: using OTHER is no conflict
(print (use-package :other :app))
(print (eq (find-symbol "GREET" :app) 'lib::greet))
(defpackage :third (:use :cl) (:shadow #:reverse) (:export #:reverse))
(print (handler-case (use-package :third :cl-user)
         (package-error () :conflict)))
(print (unuse-package :other :app))
(print (handler-case (intern "NEW" :cl) (package-error () :locked)))
(print (unintern 'app::reverse :app))
(print (multiple-value-list (find-symbol "REVERSE" :app)))
(print (mapcar #'package-name (package-used-by-list :lib)))
(unexport 'lib:greet :lib)
(print (multiple-value-list (find-symbol "GREET" :lib)))
(print (delete-package :other))
(print (find-package :other))
