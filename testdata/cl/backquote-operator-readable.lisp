;; The operators the reader wraps backquote syntax in are interned in an
;; internal package (not COMMON-LISP-USER's symbol quasiquote), so they
;; print readably, with their package's prefix, and read back as
;; themselves; a list holding one alone prints as that list.
(dolist (form (list '`(a ,b) '`(,@a ,@b) '`(,.a) '`#(,a ,b c)))
  (let ((op (car form)))
    (print (list (symbolp op)
                 (not (null (symbol-package op)))
                 (eq op (find-symbol (symbol-name op) "CL-USER"))
                 (eq op (read-from-string (prin1-to-string op)))
                 (equalp (list op) (read-from-string (write-to-string (list op) :readably t)))
                 (let ((*readtable* (copy-readtable)))
                   (setf (readtable-case *readtable*) :invert)
                   (equalp (list op) (let ((*readtable* (copy-readtable nil)))
                                       (read-from-string (write-to-string (list op) :readably t)))))))))
(print (let ((b 1) (c '(2 3))) `(a ,b ,@c)))
