(let ((*print-base* 1)) (print 3))
(write 3 :base 40)
(write-to-string 3 :length -1)
(let ((*print-case* :sideways)) (print 'a))
(progn (defclass wide () ()) (defmethod print-object ((w wide) s) (write-string (make-string 90 :initial-element #\w) s)) (let ((*print-pretty* t)) (print (list 1 (make-instance (quote wide))))))
(let ((*print-pretty* t)) (print (make-string 100 :initial-element #\a)))
(let ((*print-readably* t)) (print (make-hash-table)))
(let ((*read-default-float-format* 'single-float)) (print 1.5))
(let ((*read-default-float-format* 'single-float)) (print 1))
(write 1 :bogus t)
(setf *read-base* 16)
*read-base*
(setf *print-base* 16)
255
(setf *print-base* 10)
(setf *print-case* :upcase)
'abc
(setf *print-case* :downcase)
(let ((*gensym-counter* 100)) (gensym))
(let ((*print-pretty* t)) (format nil "a~_b"))
(format nil "~<a~:>" (list 1))
(let ((*print-pretty* t)) (pprint-logical-block (nil (list 1 2)) (pprint-tab :line 5 1)))
; *package* bound to what is not a package is a type-error naming the
; value when a symbol is printed or read, never an internal error.
(let ((*package* nil)) (prin1-to-string 'a))
(let ((*package* 3)) (read-from-string "b"))
(handler-case (let ((*package* nil)) (prin1-to-string 'a)) (type-error (e) (type-error-datum e)))
---
;; under *print-circle* a logical block labels its list's shared structure;
;; an object written into it that the list does not reach is refused
(let ((*print-circle* t) (*print-pretty* t) (v (list 1)))
  (with-output-to-string (s)
    (pprint-logical-block (s '(a))
      (write v :stream s) (write v :stream s))))
---
;; format prints apart from the block, so it cannot share the block's labels
(let ((*print-circle* t) (*print-pretty* t) (v (list 1)))
  (with-output-to-string (s)
    (pprint-logical-block (s (list v v))
      (format s "~S ~S" (pprint-pop) (pprint-pop)))))
