;; Two package errors a program may continue past: importing a symbol
;; whose name another accessible symbol has, and deleting a package that
;; other packages use.
(defpackage "IMPORT-TARGET" (:use))
(intern "SHARED" "IMPORT-TARGET")
(defvar *restarts* nil)
(print (handler-case (import 'cl-user::shared "IMPORT-TARGET")
         (package-error () :package-error)))
(handler-bind ((package-error
                 (lambda (c)
                   (setf *restarts* (mapcar #'restart-name (compute-restarts c)))
                   (continue c))))
  (import 'cl-user::shared "IMPORT-TARGET"))
(print (and (member (quote continue) *restarts*) t))
(print (eq (find-symbol "SHARED" "IMPORT-TARGET") 'cl-user::shared))
(print (package-shadowing-symbols "IMPORT-TARGET"))

(defpackage "BASE-PKG" (:use) (:export "THING"))
(defpackage "USER-PKG" (:use "BASE-PKG"))
(print (handler-case (delete-package "BASE-PKG") (package-error () :package-error)))
(print (not (null (find-package "BASE-PKG"))))
(print (handler-bind ((package-error #'continue)) (delete-package "BASE-PKG")))
(print (find-package "BASE-PKG"))
(print (package-use-list "USER-PKG"))
(print (handler-case (delete-package "NO-SUCH-PACKAGE-HERE") (package-error () :package-error)))
(print (handler-bind ((package-error #'continue)) (delete-package "NO-SUCH-PACKAGE-HERE")))
