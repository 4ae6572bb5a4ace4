;; A stream argument of t is *terminal-io*, as in every stream designator, for
;; print-unreadable-object, print-object and pprint-logical-block; nil is
;; *standard-output*.
(print (with-output-to-string (os) (with-input-from-string (is "") (with-open-stream (*terminal-io* (make-two-way-stream is os)) (let ((*print-readably* nil)) (print-unreadable-object (1 t)))))))
(print (with-standard-io-syntax (let ((*print-pretty* nil) (*print-right-margin* 100) (*print-readably* nil)) (with-output-to-string (os) (with-input-from-string (is "") (with-open-stream (*terminal-io* (make-two-way-stream is os)) (pprint-logical-block (t 1))))))))
(print (with-output-to-string (os) (with-input-from-string (is "") (with-open-stream (*terminal-io* (make-two-way-stream is os)) (let ((*print-pretty* t)) (pprint-logical-block (t '(a b) :prefix "<" :suffix ">") (write (pprint-pop) :stream t) (write-char #\Space t) (write (pprint-pop) :stream t)))))))
(defclass pt () ())
(defmethod print-object ((x pt) s) (print-unreadable-object (x s :type t) (write-string "here" s)))
(print (with-output-to-string (os) (with-input-from-string (is "") (with-open-stream (*terminal-io* (make-two-way-stream is os)) (print-object (make-instance 'pt) t)))))
(print (with-output-to-string (*standard-output*) (print-unreadable-object (1 nil) (write-string "x"))))
