;; formatter makes a function of a stream and arguments that formats them
;; and returns the arguments left unused; error, warn and signal take it as
;; a format control (the ANSI suite's conditions chapter).
(print (funcall (formatter "~a and ~a") *standard-output* 1 2 3 4))
(print (format nil (formatter "<~a ~s>") "x" "y"))
(print (with-output-to-string (s) (print (funcall (formatter "~{~a~}") s '(1 2) 9) s)))
(print (handler-case (error (formatter "bad ~a") 7) (error (c) (princ-to-string c))))
(print (funcall (formatter "~*~a") *standard-output* 1 2 3))
(print (handler-case (warn (formatter "w ~a") 1) (warning (c) (princ-to-string c))))
(print (handler-case (cerror "go" (formatter "c ~a") 2) (error (c) (princ-to-string c))))
