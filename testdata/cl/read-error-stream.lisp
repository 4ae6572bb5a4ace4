;; A read that ends inside a form signals end-of-file, a malformed one
;; reader-error; both are stream errors naming the stream read from.
(defun read-fault (text fn)
  ;; Not with-input-from-string: SBCL's stream there has dynamic extent.
  (let ((s (make-string-input-stream text)))
    (handler-case (progn (funcall fn s) :no-error)
      (end-of-file (c) (list :end-of-file (eq (stream-error-stream c) s)))
      (reader-error (c) (list :reader-error (eq (stream-error-stream c) s))))))

(print (read-fault "(" (lambda (s) (read s nil))))
(print (read-fault "(" (lambda (s) (read s t))))
(print (read-fault "#(" (lambda (s) (read s t))))
(print (read-fault "(a b" (lambda (s) (read-preserving-whitespace s nil))))
(print (read-fault "a b" (lambda (s) (read-delimited-list #\) s))))
(print (read-fault "" (lambda (s) (read s))))
(print (read-fault ")" (lambda (s) (read s))))
(print (read-fault "#<x>" (lambda (s) (read s))))
(print (typep (make-condition 'end-of-file :stream *standard-input*) 'stream-error))
