;; agent: breadth-first search over an adjacency alist, shortest paths and reachability
(defparameter *graph*
  '((a b c) (b d) (c d e) (d f) (e f) (f) (g a)))

(defun neighbors (node) (cdr (assoc node *graph*)))

(defun bfs-path (start goal)
  (let ((queue (list (list start)))
        (seen (list start)))
    (loop while queue
          do (let* ((path (pop queue))
                    (node (car path)))
               (when (eq node goal)
                 (return-from bfs-path (reverse path)))
               (dolist (n (neighbors node))
                 (unless (member n seen)
                   (push n seen)
                   (setf queue (append queue (list (cons n path))))))))
    nil))

(print (bfs-path 'a 'f))
(print (bfs-path 'g 'e))
(print (bfs-path 'f 'a))

(defun reachable (start)
  (let ((visited nil))
    (labels ((visit (n)
               (unless (member n visited)
                 (push n visited)
                 (mapc #'visit (neighbors n)))))
      (visit start))
    (sort visited #'string< :key #'symbol-name)))

(print (reachable 'c))
(print (reachable 'g))

(let ((in-degree (make-hash-table)))
  (dolist (entry *graph*)
    (unless (gethash (car entry) in-degree) (setf (gethash (car entry) in-degree) 0))
    (dolist (n (cdr entry)) (incf (gethash n in-degree 0))))
  (let ((rows nil))
    (maphash (lambda (k v) (push (list k v) rows)) in-degree)
    (format t "~&in-degrees: ~{~{~a=~a~}~^ ~}~%"
            (sort rows #'string< :key (lambda (r) (symbol-name (car r)))))))

(format t "edges: ~d~%" (loop for entry in *graph* sum (length (cdr entry))))
(format t "sinks: ~a~%" (loop for (node . out) in *graph* when (null out) collect node))
(format t "max out-degree: ~d~%" (loop for entry in *graph* maximize (length (cdr entry))))
(print (mapcan (lambda (e) (mapcar (lambda (to) (cons (car e) to)) (cdr e)))
               (subseq *graph* 0 2)))
(print (rassoc '(f) *graph* :test #'equal))
