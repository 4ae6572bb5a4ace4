;; unwind-protect: cleanup runs on normal exit, non-local exit and error
(print (unwind-protect 'normal (princ "cleanup-1 ")))
(print (block b (unwind-protect (return-from b 'returned) (princ "cleanup-2 "))))
(print (handler-case (unwind-protect (error "boom") (princ "cleanup-3 ")) (error () 'handled)))
(print (let ((log nil))
         (handler-case
             (unwind-protect
                  (unwind-protect (error "deep") (push 'inner log))
               (push 'outer log))
           (error () (push 'handler log)))
         log))
(print (let ((x 0)) (unwind-protect (setq x 1) (setq x (+ x 10))) x))
(print (dotimes (i 3) (unwind-protect (when (= i 1) (return 'left-loop)) (princ i))))
(print (let ((state 'open))
         (ignore-errors (unwind-protect (car 'not-a-list) (setq state 'closed)))
         state))
(print (unwind-protect (values 1 2) (princ "cleanup-values ")))
(print (unwind-protect 'first (princ "a ") (princ "b ") 'ignored-cleanup-value))
(defun with-resource (fn)
  (let ((events nil))
    (push :acquire events)
    (handler-case
        (unwind-protect (funcall fn) (push :release events))
      (error () (push :error events)))
    (reverse events)))
(print (with-resource (lambda () 'ok)))
(print (with-resource (lambda () (error "fail"))))
(print (block outer
         (unwind-protect
              (block inner (return-from outer 'from-outer))
           (princ "cleanup-outer "))))
(print (let ((n 0))
         (tagbody
            (unwind-protect (go out) (setq n 99))
          out)
         n))
