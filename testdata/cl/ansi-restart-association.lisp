;; Restarts associated with conditions, as the ANSI suite's conditions
;; chapter checks them: a restart-case around a call of signal, error,
;; cerror or warn (after macro expansion) associates its restarts with the
;; condition that call signals, and with-condition-restarts associates the
;; restarts it is given; find-restart, compute-restarts and the restart
;; functions given another condition pass over them.
(defmacro signals-p (type form)
  `(handler-case (progn ,form nil)
     (,type () t)
     (error () :other-error)))

;; An error signalled from a handler: the inner restart belongs to the
;; first condition, so the outer one is found for the second.
(print (handler-bind ((error #'(lambda (c2) (invoke-restart (find-restart 'foo c2)))))
         (handler-bind ((error #'(lambda (c) (declare (ignore c)) (error "Blah"))))
           (restart-case (restart-case (error "Boo!") (foo () 'bad)) (foo () 'good)))))
(print (handler-bind ((error #'(lambda (c2) (invoke-restart (find-restart 'foo c2)))))
         (handler-bind ((simple-condition #'(lambda (c) (declare (ignore c)) (error "Blah"))))
           (restart-case (restart-case (signal "Boo!") (foo () 'bad)) (foo () 'good)))))
(print (handler-bind ((error #'(lambda (c2) (invoke-restart (find-restart 'foo c2)))))
         (handler-bind ((error #'(lambda (c) (declare (ignore c)) (error "Blah"))))
           (restart-case (restart-case (cerror "" "") (foo () 'bad)) (foo () 'good)))))
(print (handler-bind ((error #'(lambda (c2) (invoke-restart (find-restart 'foo c2)))))
         (handler-bind ((warning #'(lambda (c) (declare (ignore c)) (error "Blah"))))
           (restart-case (restart-case (warn "Boo!") (foo () 'bad)) (foo () 'good)))))
;; The same through a macro and a symbol macro.
(print (macrolet ((%m (&rest args) (cons 'error args)))
         (handler-bind ((error #'(lambda (c2) (invoke-restart (find-restart 'foo c2)))))
           (handler-bind ((error #'(lambda (c) (declare (ignore c)) (error "Blah"))))
             (restart-case (restart-case (%m "Boo!") (foo () 'bad)) (foo () 'good))))))
(print (symbol-macrolet ((%s (error "Boo!")))
         (handler-bind ((error #'(lambda (c2) (invoke-restart (find-restart 'foo c2)))))
           (handler-bind ((error #'(lambda (c) (declare (ignore c)) (error "Blah"))))
             (restart-case (restart-case %s (foo () 'bad)) (foo () 'good))))))
;; The restart belongs to its condition: found with it, and without one.
(print (handler-case
           (restart-case (error "x") (foo () 1))
         (error (c) c nil)))
(print (handler-bind ((error (lambda (c) (invoke-restart (find-restart 'foo c)))))
         (restart-case (error "x") (foo () :found))))
(print (handler-bind ((error (lambda (c) (declare (ignore c)) (invoke-restart (find-restart 'foo)))))
         (restart-case (error "x") (foo () :found-without))))
;; A cerror's continue restart with a condition datum reports with the
;; remaining arguments.
(print (handler-bind ((error (lambda (c) (princ (find-restart 'continue c)) (terpri) (continue c))))
         (cerror "Go ~a ~a" (make-condition 'simple-error :format-control "x") 1 2)))
;; with-condition-restarts.
(print (let ((c (make-condition 'error)) (c2 (make-condition 'error)))
         (handler-bind ((error #'(lambda (c) (declare (ignore c)) (invoke-restart (find-restart 'foo c2)))))
           (restart-case (with-condition-restarts c (list (find-restart 'foo)) (signal c2))
             (foo () 'bad) (foo () 'good)))))
(print (let ((c1 (make-condition 'error)) (c2 (make-condition 'error)))
         (restart-case (with-condition-restarts c1 (list (first (compute-restarts))) (abort c2))
           (abort () 'bad) (abort () 'good))))
(print (let ((c1 (make-condition 'error)) (c2 (make-condition 'error)))
         (restart-case (with-condition-restarts c1 (list (first (compute-restarts))) (continue c2))
           (continue () 'bad) (continue () 'good))))
(print (let ((c1 (make-condition 'error)) (c2 (make-condition 'error)))
         (restart-case (with-condition-restarts c1 (list (first (compute-restarts))) (muffle-warning c2))
           (muffle-warning () 'bad) (muffle-warning () 'good))))
(print (let ((c1 (make-condition 'error)) (c2 (make-condition 'error)))
         (restart-case (with-condition-restarts c1 (list (first (compute-restarts))) (store-value 10 c2))
           (store-value (x) (list 'bad x)) (store-value (x) (list 'good x)))))
(print (let ((c1 (make-condition 'error)) (c2 (make-condition 'error)))
         (restart-case (with-condition-restarts c1 (list (first (compute-restarts))) (use-value 10 c2))
           (use-value (x) (list 'bad x)) (use-value (x) (list 'good x)))))
;; The association ends with the form; the restart is found again after.
(print (let ((c1 (make-condition 'error)) (c2 (make-condition 'error)))
         (restart-case (progn (with-condition-restarts c1 (list (find-restart 'foo)) nil)
                              (invoke-restart (find-restart 'foo c2)))
           (foo () 'found-after))))
;; compute-restarts given another condition leaves the associated ones out.
(print (let ((c2 (make-condition 'error)))
         (block done
           (handler-bind ((error #'(lambda (c) (declare (ignore c))
                                     (return-from done
                                       (mapcar #'restart-name
                                               (remove 'foo (compute-restarts c2) :test-not #'eq :key #'restart-name))))))
             (restart-case (error "an error") (foo () 'bad) (foo () 'also-bad))))))

;; A restart printed with *print-escape* nil shows its report.
(print (with-output-to-string (s)
         (restart-case (let ((*print-escape* nil)) (format s "~A" (find-restart 'foo)))
           (foo () :report "A report"))))
(print (with-output-to-string (s)
         (flet ((%f (s2) (format s2 "A report")))
           (restart-case (let ((*print-escape* nil)) (format s "~A" (find-restart 'foo)))
             (foo () :report %f)))))
(print (with-output-to-string (s)
         (restart-case (let ((*print-escape* nil)) (format s "~A" (find-restart 'foo)))
           (foo () :report (lambda (s2) (format s2 "A report"))))))
(print (let ((i 0)) (multiple-value-list
         (values (with-output-to-string (s)
                   (restart-bind ((foo #'(lambda () nil)
                                   :report-function (progn (incf i) #'(lambda (s) (format s "A report")))))
                     (let ((*print-escape* nil)) (format s "~A" (find-restart 'foo)))))
                 i))))
(print (restart-case (princ-to-string (find-restart 'foo)) (foo () 1)))

;; A condition object takes no further arguments.
(print (signals-p type-error (warn (make-condition 'simple-warning) :format-control "Foo")))
(print (signals-p type-error (error (make-condition 'simple-error) 1)))
(print (signals-p type-error (signal (make-condition 'simple-condition) 1)))
