;; a bare image has no working directory: the file functions exist and signal a file-error
(fboundp 'probe-file)
(probe-file "a.txt")
(handler-case (directory "*.lisp") (file-error (e) (list :file-error (file-error-pathname e))))
(handler-case (delete-file #p"x.txt") (file-error (e) (file-error-pathname e)))
*default-pathname-defaults*
(merge-pathnames "a.txt")
(user-homedir-pathname)
---
;; a pathname designator is a pathname or a string
(pathname 12)
(namestring 'foo)
(make-pathname :directory '(:sideways "a"))
(translate-pathname "a.c" "*.lisp" "*.fasl")
(logical-pathname "NOHOST:A;B")
