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
