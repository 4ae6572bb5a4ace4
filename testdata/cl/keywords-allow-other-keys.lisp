;; The leftmost :allow-other-keys decides whether a builtin takes keys it
;; does not know, a non-keyword symbol among them; loop's for nil steps
;; without a variable.
(print (make-list 3 :allow-other-keys t :allow-other-keys nil 'bad t))
(print (member 'b '(a b c) :allow-other-keys 17 :allow-other-keys nil '#:x t))
(print (handler-case (funcall #'member 'b '(a b c) :allow-other-keys nil :allow-other-keys t :foo 1)
         (program-error () :program-error)))
(print (handler-case (funcall #'member 'b '(a b c) 'bad 1) (program-error () :program-error)))
(print (make-string 3 :initial-element #\a :allow-other-keys t :foo 2))
(print (let ((i 0)) (loop for nil from 10 to 15 collect (incf i))))
(print (let ((i 0)) (loop for nil in '(a b) collect (incf i))))
(print (let ((i 0)) (loop for nil across #(a b c) collect (incf i))))
