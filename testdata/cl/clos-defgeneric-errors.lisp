;; defgeneric of a name that names an ordinary function, a macro or a
;; special operator signals a program-error.
(defun dge-fn (x) x)
(defmacro dge-mac (x) x)
(dolist (name '(dge-fn dge-mac block let))
  (print (handler-case (progn (eval `(defgeneric ,name ())) :bad)
           (program-error () :good))))
