;; A (declare (special x)) that binds nothing makes references to x in
;; its body read the dynamic x, past a lexical x around the form: in do,
;; do*, dolist and dotimes bodies, let, locally, and function bodies. A
;; parameter a function declares special is bound dynamically.
(print (block done
         (let ((x :good)) (declare (special x))
           (let ((x :bad))
             (do ((i 0 (return-from done x))) (nil nil) (declare (special x)))))))
(print (let ((x :good)) (declare (special x))
         (let ((x :bad)) (do* () (t x) (declare (special x))))))
(print (let ((x :good)) (declare (special x))
         (let ((x :bad)) (dolist (e nil x) (declare (special x))))))
(print (let ((x :good)) (declare (special x))
         (let ((x :bad)) (dotimes (i 3 x) (declare (special x))))))
(print (let ((x :good)) (declare (special x))
         (let ((x :bad)) (locally (declare (special x)) x))))
(print (let ((x :good)) (declare (special x))
         (let ((x :bad)) (let ((y 1)) (declare (special x)) (list x y)))))
(defun read-z () (declare (special z)) z)
(defun bind-z (&optional (z 3)) (declare (special z)) (read-z))
(print (list (bind-z) (bind-z 9)))
(defun read-b () (declare (special b)) b)
(print (destructuring-bind (a (b)) '(1 (2)) (declare (special b)) (list a (read-b))))
(print (multiple-value-bind (b) (values 7) (declare (special b)) (read-b)))
