;; A type error's expected type is a type specifier typep accepts, and the
;; datum is not of it.
(defmacro expected-ok (form)
  `(handler-case (progn ,form :no-error)
     (type-error (e)
       (let ((datum (type-error-datum e))
             (type (type-error-expected-type e)))
         (not (typep datum type))))))
(print (expected-ok (mapcar #'identity '(1 . 2))))
(print (expected-ok (length '(1 2 . 3))))
(print (expected-ok (nthcdr -1 '(1 2))))
(print (expected-ok (getf '(a 1 b) 'c)))
(print (expected-ok (vector-push 1 (vector 1 2))))
(print (expected-ok (code-char -1)))
(print (expected-ok (digit-char-p #\1 99)))
(print (expected-ok (make-list -1)))
(print (expected-ok (char "abc" 'x)))

;; with-standard-io-syntax binds the printer and reader variables to the
;; standard's values.
(print (with-standard-io-syntax
         (list *print-base* *print-readably* *print-escape* *print-length* *read-base*
               (string= (prin1-to-string 'abc) "ABC")
               (prin1-to-string "x")
               (prin1-to-string '(1 2/3)))))
(print (let ((*print-base* 16)) (with-standard-io-syntax (prin1-to-string 255))))

;; Only (setf symbol) names a function. fboundp's value is kept: SBCL
;; drops a call whose value is unused, and with it the type error.
(defvar *fboundp-value* nil)
(print (mapcar (lambda (name)
                 (handler-case (progn (setq *fboundp-value* (fboundp name)) :no-error)
                   (type-error (e) (not (typep (type-error-datum e) (type-error-expected-type e))))))
               '((setf) (setf . foo) (setf foo . bar) (setf foo bar) (setf car) car)))
(print (handler-case (fmakunbound '(setf foo bar)) (type-error () :type-error)))
