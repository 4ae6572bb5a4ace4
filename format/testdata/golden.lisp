;; Prints SBCL's result for each case of cases.lisp, one per line.
(setf *print-case* :downcase *read-default-float-format* 'double-float *print-pretty* nil)
(with-open-file (in (merge-pathnames "cases.lisp" *load-truename*))
  (loop for form = (read in nil :eof)
        until (eq form :eof)
        do (format t "~s~%"
                   (handler-case (apply #'format nil form)
                     (error () 'error)))))
