;; defstruct makes its names in *package*: a program in its own package
;; calls them unqualified, and CL-USER does not get them.
(defpackage :geo (:use :cl))
(in-package :geo)
(defstruct point x y)
(defstruct (seg (:type list) :named) a b)
(print (list (point-x (make-point :x 1 :y 2)) (point-p (make-point))
             (point-y (copy-point (make-point :y 3))) (seg-b (make-seg :b 4))))
(print (mapcar #'package-name (mapcar #'symbol-package '(point-x make-point copy-point point-p seg-a))))
(in-package :cl-user)
(print (geo::point-x (geo::make-point :x 5)))
;; (:conc-name nil): the slot names are the accessors, whatever package
;; they are in; (:conc-name "") interns the names in *package*.
(defpackage :slots (:use))
(defstruct (s1 (:conc-name nil)) slots::a1 slots::b1)
(print (list (slots::a1 (make-s1 :a1 1 :b1 2)) (not (fboundp 'slots::b1))))
(defstruct (s2 (:conc-name "")) slots::a2)
(print (list (not (fboundp 'a2)) (fboundp 'slots::a2)))
