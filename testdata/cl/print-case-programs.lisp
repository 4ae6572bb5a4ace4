;; *print-case* inside programs is SBCL's default, :upcase: every value a
;; program computes from a symbol's printed name is SBCL's (issue 30).
(print *print-case*)
(print (format nil "~a ~s ~a" 'a 'b :key))
(print (princ-to-string 'foo))
(print (prin1-to-string '(a "b" #\c :d)))
(print (write-to-string 'foo))
(print (write-to-string 'foo :case :downcase))
(print (write-to-string 'foo-bar :case :capitalize))
(print (string 'foo))
(print (symbol-name 'foo))
(print (string-downcase 'foo))
(princ 'princ-to-stdout) (terpri)
(prin1 '|mixed Case|) (terpri)

;; intern of a name built from symbols names the symbol SBCL names.
(print (intern (format nil "~a-~a" 'make 'point)))
(print (eq (intern (format nil "~a-~a" 'make 'point)) 'make-point))
(print (eq (intern (concatenate 'string (princ-to-string 'point) "-X")) 'point-x))

;; A macro building a symbol name, as PAIP's code does (symbol, new-symbol).
(defun symbol* (&rest args) (intern (format nil "~{~a~}" args)))
(defmacro define-getter (name)
  `(defun ,(symbol* 'get- name) (plist) (getf plist ,(intern (string name) :keyword))))
(define-getter colour)
(print (get-colour '(:size 3 :colour red)))
(print (not (null (fboundp 'get-colour))))
(defstruct point x y)
(print (funcall (symbol-function (symbol* 'point- 'x)) (make-point :x 4 :y 5)))

;; Printing under a binding of *print-case* still follows it.
(let ((*print-case* :downcase))
  (print (format nil "~a ~s" 'a :b))
  (print (list 'x "y")))
(let ((*print-case* :capitalize))
  (print (format nil "~a" 'hello-world)))

;; Objects print their type names in the program's case too.
(print (make-point :x 1 :y 2))
(defclass shape () ())
(defmethod print-object ((s shape) stream)
  (print-unreadable-object (s stream :type t)
    (format stream "~a" 'round)))
(print (format nil "~a" (make-instance 'shape)))
(print (find-package :cl-user))
(print (format nil "~a" (make-condition 'simple-error :format-control "no ~a" :format-arguments '(foo))))
(print (handler-case (error "bad ~s" 'thing) (error (e) (princ-to-string e))))
