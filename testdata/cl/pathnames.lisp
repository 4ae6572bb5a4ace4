;; Pathnames as programs use them (issue 30): names, types and merging,
;; compared as namestrings.
(print (pathname-name "dir/a.b.txt"))
(print (pathname-type "dir/a.b.txt"))
(print (pathname-type "dir/readme"))
(print (pathname-type ".emacs"))
(print (namestring (merge-pathnames "x" "out/base.lisp")))
(print (namestring (merge-pathnames "x.txt" "out/base.lisp")))
(print (namestring (merge-pathnames "sub/x.txt" "out/")))
(print (namestring "a/b.c"))
(print (file-namestring "a/b.c"))
(print (directory-namestring "a/b.c"))
(print (namestring (pathname "notes.txt")))
