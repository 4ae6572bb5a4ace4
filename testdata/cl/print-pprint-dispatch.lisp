;; Pprint dispatch tables: a program's entries decide how objects print
;; while *print-pretty* is true, and only then.

(defun angle (stream obj)
  (format stream "<~a>" (symbol-name obj)))

(defun show (label value)
  (let ((*print-pretty* nil))
    (format t "~a: ~s~%" label value)))

(let ((*print-pprint-dispatch* (copy-pprint-dispatch))
      (*print-pretty* t))
  (show "before" (prin1-to-string 'foo))
  (show "set returns" (set-pprint-dispatch 'symbol 'angle))
  (show "symbol" (prin1-to-string 'foo))
  (show "princ too" (princ-to-string 'foo))
  (show "inside a list" (prin1-to-string '(foo 1 bar)))
  (show "inside a vector" (prin1-to-string #(foo 2)))
  (show "format ~s" (format nil "~s and ~a" 'foo 'bar))
  (show "not pretty" (write-to-string 'foo :pretty nil))
  (show "pprint-dispatch found" (second (multiple-value-list (pprint-dispatch 'foo))))
  (show "pprint-dispatch fn" (eq (pprint-dispatch 'foo) 'angle))
  (show "removed" (set-pprint-dispatch 'symbol nil))
  (show "after removal" (prin1-to-string 'foo)))

;; Outside the binding the global table is untouched.
(show "global" (let ((*print-pretty* t)) (prin1-to-string 'foo)))
