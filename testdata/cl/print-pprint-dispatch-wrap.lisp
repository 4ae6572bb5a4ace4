;; pprint-dispatch's function for an object no entry selects prints it as
;; the standard table does, while what it holds still goes through the
;; current table.
(defun bang (s o)
  (write-string "!" s)
  (funcall (pprint-dispatch o nil) s o))
(let ((*print-pprint-dispatch* (copy-pprint-dispatch nil))
      (*print-pretty* t))
  (set-pprint-dispatch 'cons 'bang)
  (set-pprint-dispatch '(eql x) (lambda (s o) (declare (ignore o)) (write-string "<x>" s)))
  (let ((s (prin1-to-string '(a (b x) #(c (x d))))))
    (let ((*print-pretty* nil)) (print s))))
(terpri)
