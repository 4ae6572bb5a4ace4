;; Standard macros the ANSI suite's data-and-control-flow and eval-and-compile
;; chapters check: every standard macro has a macro function (those nodelisp
;; analyses as special forms too), define-modify-macro, with-open-stream,
;; eval-when's situations and symbol-macrolet's special declarations.
(define-modify-macro appendf (&rest args) append "Append onto a place.")
(define-modify-macro my-incf (&optional (delta 1)) +)
(let ((x (list 1)) (v (vector 1 2 3)) (i 0))
  (appendf x '(2 3) '(4))
  (my-incf (aref v (incf i)) 10)
  (my-incf (aref v 0))
  (print (list x v i)))
(print (documentation 'appendf 'function))
(print (with-open-stream (s (make-string-input-stream "abc")) (read-char s)))
(print (with-compilation-unit () 1 2))
(print (step (+ 1 2)))
(print (trace))
(print (untrace))
(print (define-compiler-macro foo (&whole w x) (declare (ignore x)) w))
(print (remove-if #'macro-function '(and or when defun handler-case define-modify-macro with-open-stream step)))
(print (funcall (compile nil '(lambda () (multiple-value-list (values 1 2))))))
(print (list (eval-when () :bad) (eval-when (:compile-toplevel) :bad) (eval-when (:load-toplevel :execute) :good) (eval-when (eval) :good)))
(print (let ((x :good)) (list (eval-when (:load-toplevel) (setq x :bad)) x)))
(print (let ((x :good)) (declare (special x)) (let ((x :bad)) (declare (ignorable x)) (symbol-macrolet () (declare (special x)) x))))
(print (eval (funcall (macro-function 'and) '(and 1 2) nil)))
;; Every standard macro has a macro function; its documentation is the
;; macro's.
(print (remove-if #'macro-function '(and assert case ccase ecase check-type cond declaim defclass defconstant defgeneric define-compiler-macro define-condition define-method-combination define-modify-macro define-setf-expander define-symbol-macro defmacro defmethod defpackage defparameter defvar defsetf defstruct deftype defun destructuring-bind do do* do-symbols do-external-symbols do-all-symbols dolist dotimes formatter handler-bind handler-case ignore-errors in-package incf decf lambda loop multiple-value-bind multiple-value-list multiple-value-setq nth-value or pop pprint-logical-block print-unreadable-object prog prog* prog1 prog2 psetq push pushnew remf restart-bind restart-case return rotatef setf psetf shiftf step time trace untrace typecase ctypecase etypecase when unless with-accessors with-compilation-unit with-condition-restarts with-hash-table-iterator with-input-from-string with-open-file with-open-stream with-output-to-string with-package-iterator with-simple-restart with-slots with-standard-io-syntax)))
(print (eval '(macrolet ((%m (s &environment env) (list 'quote (and (macro-function s env) t)))) (%m when))))
(define-modify-macro mm-undocumented (&optional (delta 1)) +)
(define-modify-macro mm-documented (&optional (delta 1)) + "DMM-DOC")
(print (list (documentation 'mm-undocumented 'function) (documentation (macro-function 'mm-undocumented) 'function)
             (documentation 'mm-documented 'function) (documentation (macro-function 'mm-documented) 'function)
             (documentation (macro-function 'mm-documented) t)))
