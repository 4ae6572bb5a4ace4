;; No object is of type nil, so a vector of element type nil can only be
;; empty; make-string makes it a string, as SBCL does, and concatenate
;; and map make one that is no string but equalp to "".
(dolist (v (list (concatenate '(array nil (*))) (concatenate '(vector nil) "" nil)
                 (map '(vector nil) #'identity nil)))
  (print (list (length v) (vectorp v) (stringp v) (equalp v ""))))
(let ((s (make-string 0 :element-type nil)))
  (print (list (stringp s) (length s) (equal s ""))))
(print (handler-case (concatenate '(vector nil) "a") (type-error () :type-error)))
(print (handler-case (map '(vector nil) #'identity '(1)) (type-error () :type-error)))
