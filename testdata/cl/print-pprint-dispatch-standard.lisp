;; The standard pprint dispatch table: with-standard-io-syntax binds it,
;; nothing may change it, and copies of it (or of nil) start empty of a
;; program's entries.

(defun show (label value)
  (let ((*print-pretty* nil))
    (format t "~a: ~s~%" label value)))

(defun foo-printer (stream obj)
  (declare (ignore obj))
  (write-string "FOO" stream))

(show "the global table is not the standard one"
      (eq *print-pprint-dispatch*
          (with-standard-io-syntax *print-pprint-dispatch*)))

(show "with-standard-io-syntax binds the standard table"
      (let ((*print-pprint-dispatch* (copy-pprint-dispatch nil)))
        (set-pprint-dispatch 'symbol 'foo-printer)
        (list (let ((*print-pretty* t)) (princ-to-string 'bar))
              (with-standard-io-syntax
                (let ((*print-pretty* t)) (princ-to-string 'bar))))))

(show "changing the standard table is an error"
      (with-standard-io-syntax
        (handler-case (progn (set-pprint-dispatch 'symbol 'foo-printer) :changed)
          (error () :error))))

(show "a copy of the standard table may change"
      (with-standard-io-syntax
        (let ((*print-pprint-dispatch* (copy-pprint-dispatch))
              (*print-pretty* t)
              (*print-readably* nil))
          (set-pprint-dispatch 'symbol 'foo-printer)
          (prin1-to-string 'bar))))

(show "copies are distinct"
      (let* ((a (copy-pprint-dispatch))
             (b (copy-pprint-dispatch a)))
        (list (eq a b) (eq a *print-pprint-dispatch*))))

(show "a copy does not share later changes"
      (let* ((a (copy-pprint-dispatch nil))
             (b (copy-pprint-dispatch a)))
        (set-pprint-dispatch 'symbol 'foo-printer 0 a)
        (let ((*print-pretty* t))
          (list (let ((*print-pprint-dispatch* a)) (prin1-to-string 'x))
                (let ((*print-pprint-dispatch* b)) (prin1-to-string 'x))))))

(show "a table argument is changed, not the current one"
      (let ((a (copy-pprint-dispatch nil))
            (*print-pprint-dispatch* (copy-pprint-dispatch nil))
            (*print-pretty* t))
        (set-pprint-dispatch 'symbol 'foo-printer 0 a)
        (list (prin1-to-string 'x) (nth-value 1 (pprint-dispatch 'x a))
              (nth-value 1 (pprint-dispatch 'x)))))

(show "no entry: found is false"
      (nth-value 1 (pprint-dispatch 'x (copy-pprint-dispatch nil))))

(show "the returned function is a function"
      (functionp (pprint-dispatch 'x nil)))

(show "two lookups give the same function"
      (eq (pprint-dispatch 12) (pprint-dispatch 12 nil)))

(show "errors"
      (list (handler-case (set-pprint-dispatch 'symbol 'foo-printer 'high (copy-pprint-dispatch))
              (type-error () :type-error))
            (handler-case (copy-pprint-dispatch 3)
              (type-error () :type-error))
            (handler-case (pprint-dispatch 'x 4)
              (type-error () :type-error))))
