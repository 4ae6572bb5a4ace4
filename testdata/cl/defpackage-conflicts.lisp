;; defpackage refuses, as a program-error, :size or :documentation given
;; twice, a name in two of :shadow, :shadowing-import-from, :import-from
;; and :intern, and a name both interned and exported.
(defmacro signals-p (type form)
  `(handler-case (progn (eval ',form) nil)
     (,type () t)
     (error () :other-error)))
(defpackage "DPC-G" (:use) (:export "A"))
(print (signals-p program-error (defpackage "DPC-H1" (:use) (:size 10) (:size 20))))
(print (signals-p program-error (defpackage "DPC-H2" (:use) (:documentation "x") (:documentation "y"))))
(print (signals-p program-error (defpackage "DPC-H3" (:use) (:shadow "A") (:intern "A"))))
(print (signals-p program-error (defpackage "DPC-H4" (:use) (:shadow "A") (:shadowing-import-from "DPC-G" "A"))))
(print (signals-p program-error (defpackage "DPC-H5" (:use) (:shadowing-import-from "DPC-G" "A") (:import-from "DPC-G" "A"))))
(print (signals-p program-error (defpackage "DPC-H6" (:use) (:import-from "DPC-G" "A") (:intern "A"))))
(print (signals-p program-error (defpackage "DPC-H7" (:use) (:export "A") (:intern "A"))))
(print (packagep (defpackage "DPC-OK" (:use) (:shadow "B") (:import-from "DPC-G" "A") (:intern "C") (:export "B"))))
