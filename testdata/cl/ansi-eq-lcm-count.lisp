;; Silent differences the ANSI suite found: eq told 0.0 from -0.0 nowhere
;; (an eq table confused them), lcm kept a negative sign, count :from-end
;; called its key first to last, and map-into ignored a fill pointer.
(print (list (eq 0.0 -0.0) (eql 0.0 -0.0) (let ((a 0.0) (b -0.0)) (eq a b)) (funcall #'eq 0.0 -0.0)))
(let ((table (make-hash-table :test 'eq)))
  (setf (gethash 0.0 table) :x)
  (print (list (gethash 0.0 table) (gethash -0.0 table))))
(print (list (lcm -5) (lcm -5 1) (lcm 4 -6)))
(print (let ((c 0)) (count 1 '(1 2 3 7 4 5 7 6 2 8) :from-end t :key #'(lambda (x) (prog1 (- x c) (incf c))))))
(print (let ((c 0)) (count-if #'evenp '(0 1 2 3 4 4 1 7 10 1) :from-end t :key #'(lambda (x) (+ x (incf c))))))
(print (let ((a (make-array 6 :initial-element 'x :fill-pointer 3))) (map-into a #'identity '(1 2)) a))
(print (let ((a (make-array 6 :initial-element 'x :fill-pointer 3))) (map-into a (constantly 'y)) (list (fill-pointer a) a)))
