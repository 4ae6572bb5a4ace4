;; A defun of a standard name on a branch that never runs is not refused
;; (as PAIP's chapters write it), and a program's package may shadow a
;; CL function and define its own.
(unless (fboundp 'map-into)
  (defun map-into (result fn &rest seqs)
    (declare (ignore fn seqs))
    result))
(print (map-into (list 1 2 3) #'1+ '(10 20 30)))

(when nil
  (defun car (x) x))
(print (car '(a b)))

(print (handler-case (progn (defun cdr (x) x) :defined)
         (error () :refused)))
(print (cdr '(a b)))

(defpackage :mine (:use :cl) (:shadow #:find #:remove))
(in-package :mine)
(defun find (x list) (if (member x list) :found :missing))
(defmacro remove (x) `(list :removed ,x))
(cl:print (find 2 '(1 2 3)))
(print (remove 7))
(print (cl:find 2 '(1 2 3)))
(print (list 'find 'cl:find 'remove))
