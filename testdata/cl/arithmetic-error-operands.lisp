;; arithmetic-error-operation and -operands: a division by zero names /
;; and the dividend and divisor, whichever division signalled it, as SBCL
;; does; expt names itself; make-condition fills them from its initargs.
;; The arguments are applied, not written in the call, so SBCL folds
;; no constants. (SBCL gives (/ 2/3 0) the operands (1 0), from how it
;; divides a ratio; nodelisp gives (2/3 0), the call's own.)
(dolist (call '((/ 5 0) (/ 5 0.0) (/ 0) (floor 5 0) (truncate 7 0)
                (mod 5 0) (rem 5 0) (ceiling 5 0) (round 5 0) (ffloor 5 0) (expt 0 -1)))
  (handler-case (apply (car call) (cdr call))
    (arithmetic-error (c)
      (print (list (type-of c) (arithmetic-error-operation c) (arithmetic-error-operands c))))))
(let ((c (make-condition 'division-by-zero :operation 'foo :operands '(1 2))))
  (print (list (arithmetic-error-operation c) (arithmetic-error-operands c))))
