;; Circular and deeply nested structures for FuzzEval: every walk over
;; user data must end in a condition, never a loop or Go's stack overflow.
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (let ((y (list 1 2))) (setf (cdr (cdr y)) y) (equal x y)))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (let ((y (list 1 2))) (setf (cdr (cdr y)) y) (equalp x y)))
---
(let ((x (list 1 2))) (setf (car x) x) (let ((y (list 1 2))) (setf (car y) y) (equal x y)))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (copy-list x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (copy-tree x))
---
(let ((x (list 1 2))) (setf (car x) x) (copy-tree x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (reverse x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (append x '(3)))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (last x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (member 3 x))
---
(let ((x (list '(1 . 2)))) (setf (cdr x) x) (assoc 3 x))
---
(let ((x (list :a 1))) (setf (cdr (cdr x)) x) (getf x :b))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (nth 1000000000 x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (subst 9 3 x))
---
(let ((x (list 1 2))) (setf (car x) x) (subst 9 3 x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (let ((y (list 1 2))) (setf (cdr (cdr y)) y) (tree-equal x y)))
---
(let ((x (list 1 2))) (setf (car x) x) (let ((y (list 1 2))) (setf (car y) y) (tree-equal x y)))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (apply #'+ x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (destructuring-bind (a &rest b) x b))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (format nil "~{~a~}" x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (length x))
---
(let ((x (list 1 2))) (setf (cdr (cdr x)) x) (list-length x))
---
(let ((x nil)) (dotimes (i 100000) (setq x (list x))) (let ((y nil)) (dotimes (i 100000) (setq y (list y))) (equal x y)))
---
(let ((x nil)) (dotimes (i 100000) (setq x (list x))) (copy-tree x))
---
(let ((x nil)) (dotimes (i 100000) (setq x (list x))) (subst 1 2 x))
---
(let ((x nil)) (dotimes (i 100000) (setq x (list x))) (length (format nil "~a" x)))
---
(let ((x nil)) (dotimes (i 100000) (setq x (list x))) (let ((y nil)) (dotimes (i 100000) (setq y (list y))) (tree-equal x y)))
---
(let ((x nil)) (dotimes (i 100000) (setq x (vector x))) (let ((y nil)) (dotimes (i 100000) (setq y (vector y))) (equalp x y)))
---
(defmacro m (x) `(progn (m ,x))) (m 1)
---
(defmacro m2 (x) `(list (m2 ,x))) (m2 1)
---
(let ((x (list 1 2 3))) (setf (cdr (cdr (cdr x))) x) (list (nth 10000000000 x) (nth 4 x) (nthcdr 3 x)))
---
(let ((v (make-array 6 :fill-pointer 6 :initial-contents '(1 2 3 4 5 6)))) (find 9 v :test (lambda (a b) (vector-pop v) nil)))
---
(let ((v (make-array 6 :fill-pointer 6 :initial-contents '(1 2 3 4 5 6)))) (position 9 v :from-end t :test (lambda (a b) (vector-pop v) nil)))
---
(let ((x (list 1 2 3))) (setf (cdr (cdr (cdr x))) x) (nth 100000000000 x))
---
(let ((v (vector 1 2))) (setf (aref v 0) v) (equalp v v))
---
(let ((h (make-hash-table :test 'equal)) (x (list 1))) (setf (cdr x) x) (setf (gethash x h) 1))
