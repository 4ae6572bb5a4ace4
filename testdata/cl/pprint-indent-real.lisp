;; pprint-indent takes any real as n and truncates it toward zero; a
;; non-real is a type-error.
(defun indented (n kind)
  (with-standard-io-syntax
    (let ((*print-pretty* t) (*print-right-margin* 100))
      (with-output-to-string (os)
        (pprint-logical-block (os '(m m) :prefix "(" :suffix ")")
          (write 'mmm :stream os)
          (pprint-indent kind n os)
          (pprint-newline :mandatory os)
          (write 'm :stream os))))))
(dolist (n '(3 3.0 3.7 7/2 -2.0 -1/2 0.1))
  (print (list n (indented n :block) (indented n :current))))
(print (with-output-to-string (s) (let ((*print-pretty* nil)) (print (pprint-indent :block 1/2 s)))))
(print (handler-case (pprint-indent :block "2" (make-string-output-stream)) (type-error () :type-error)))
