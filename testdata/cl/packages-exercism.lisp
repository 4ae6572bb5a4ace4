;; An exercism-style solution and its tests, each in its own package, as
;; the exercises are written: the solution exports one function, the
;; tests use it through the package.
(defpackage :leap
  (:use :cl)
  (:export :leap-year-p))

(in-package :leap)

(defun divisible-by-p (n d) (zerop (mod n d)))

(defun leap-year-p (year)
  (and (divisible-by-p year 4)
       (or (not (divisible-by-p year 100))
           (divisible-by-p year 400))))

(defpackage :leap-test
  (:use :cl :leap)
  (:export :run-tests))

(in-package :leap-test)

(defvar *results* '())

(defmacro deftest (name form expected)
  `(push (list ',name (equal ,form ,expected)) *results*))

(deftest year-not-divisible-by-4 (leap-year-p 2015) nil)
(deftest year-divisible-by-4 (leap-year-p 1996) t)
(deftest century (leap-year-p 1900) nil)
(deftest four-centuries (leap-year-p 2000) t)

(defun run-tests ()
  (let ((failed (remove-if #'second *results*)))
    (format t "~&~d tests, ~d failures~%" (length *results*) (length failed))
    (dolist (r (reverse *results*))
      (format t "~a: ~:[FAIL~;pass~]~%" (first r) (second r)))
    (null failed)))

(in-package :cl-user)
(print (leap-test:run-tests))
(print (list 'leap:leap-year-p 'leap::divisible-by-p 'leap-test::deftest))
(print (not (null (fboundp 'leap::divisible-by-p))))
(print (fboundp 'divisible-by-p))
(print (format nil "~a ~s" 'leap-test::year-divisible-by-4 'leap-test::century))

;; The same name in two packages is two symbols with two definitions.
(defpackage :english (:use :cl) (:export #:hello))
(defpackage :french (:use :cl) (:export #:hello))
(defun english:hello () "hello")
(defun french:hello () "bonjour")
(print (list (english:hello) (french:hello) (eq 'english:hello 'french:hello)))
