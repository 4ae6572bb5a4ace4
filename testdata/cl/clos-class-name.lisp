;; (setf class-name) renames a class; find-class keeps its names.
(defclass cn-a () ())
(let ((c (find-class 'cn-a)))
  (print (setf (class-name c) 'cn-b))
  (print (class-name c))
  (print (eq c (find-class 'cn-a)))
  (print (find-class 'cn-b nil))
  (setf (class-name c) 'cn-a))
(print (class-name (find-class 'cn-a)))

;; A class renamed no longer has its proper name: defclass of the old
;; name makes a new class.
(let* ((c1 (defclass cn-c () ((a))))
       (x (make-instance 'cn-c)))
  (setf (class-name c1) 'cn-renamed)
  (let ((c2 (defclass cn-c () ((a)))))
    (print (list (eq (class-of x) c1) (eq c1 c2) (typep x c2) (class-name c1) (class-name c2)))))
(print (typep #'(setf class-name) 'standard-generic-function))
