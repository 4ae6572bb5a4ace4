;; gentemp interns in the current package, or the one given, leaves *gensym-counter* alone, and takes only a string prefix
(let* ((pkg (make-package "GT-PKG" :use nil)) (c *gensym-counter*) (s (let ((*package* pkg)) (gentemp))))
  (print (list (= c *gensym-counter*) (eq (symbol-package s) pkg) (char= (char (symbol-name s) 0) #\T))))
(print (eq (symbol-package (gentemp "Q" "GT-PKG")) (find-package "GT-PKG")))
(print (handler-case (gentemp 5) (type-error () :te)))
