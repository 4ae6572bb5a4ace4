;; (setf class-name) renames a class; find-class keeps its names.
(defclass cn-a () ())
(let ((c (find-class 'cn-a)))
  (print (setf (class-name c) 'cn-b))
  (print (class-name c))
  (print (eq c (find-class 'cn-a)))
  (print (find-class 'cn-b nil))
  (setf (class-name c) 'cn-a))
(print (class-name (find-class 'cn-a)))
