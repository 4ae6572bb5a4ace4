;; The environment: functions of no argument that answer strings or nil,
;; modules with provide and require, compiler macros kept and callable.
;; (break and invoke-debugger end a cell, so SBCL, which quits there, has
;; no golden of them: builtins/environment_test.go tests them.)
(print (every (lambda (f) (typep (funcall f) '(or string null)))
              (list #'lisp-implementation-type #'lisp-implementation-version
                    #'machine-type #'machine-version #'machine-instance
                    #'software-type #'software-version #'short-site-name #'long-site-name)))
(print (stringp (lisp-implementation-type)))
(print (list (machine-type) (software-type) (short-site-name) (long-site-name)))

(print (let ((*modules* '()))
         (list (provide "FOO") *modules* (require "FOO") (require :foo) (provide 'foo) *modules*)))
(print (handler-case (let ((*modules* '())) (require "NO-SUCH-MODULE-HERE")) (error () :error)))

(print (compiler-macro-function 'car))
(print (define-compiler-macro my-square (&whole w x) (if (numberp x) (* x x) w)))
(print (functionp (compiler-macro-function 'my-square)))
(print (funcall (compiler-macro-function 'my-square) '(my-square 3) nil))
(print (funcall (compiler-macro-function 'my-square) '(my-square y) nil))
(define-compiler-macro my-add (&environment e a &optional (b 1)) (declare (ignore e)) `(+ ,a ,b))
(print (funcall (compiler-macro-function 'my-add) '(my-add 4) nil))
(setf (compiler-macro-function 'my-add) nil)
(print (compiler-macro-function 'my-add))

(print (handler-case (dribble) (error () :error)))
