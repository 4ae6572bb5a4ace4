;; agent: schedule tasks by priority and dependency, with a topological sort
(defparameter *tasks*
  '((:id build :priority 2 :deps (fetch) :minutes 10)
    (:id fetch :priority 1 :deps () :minutes 3)
    (:id test :priority 3 :deps (build) :minutes 15)
    (:id lint :priority 1 :deps (fetch) :minutes 2)
    (:id deploy :priority 5 :deps (test lint) :minutes 4)))

(defun task (id) (find id *tasks* :key (lambda (x) (getf x :id))))

(defun topo-order ()
  (let ((done nil) (order nil))
    (labels ((visit (id)
               (unless (member id done)
                 (push id done)
                 (dolist (d (getf (task id) :deps)) (visit d))
                 (push id order))))
      (dolist (x (stable-sort (copy-list *tasks*) #'< :key (lambda (x) (getf x :priority))))
        (visit (getf x :id))))
    (nreverse order)))

(print (topo-order))

(let ((clock 0))
  (dolist (id (topo-order))
    (let ((tk (task id)))
      (format t "~&~3d-~3d ~(~a~)~%" clock (+ clock (getf tk :minutes)) id)
      (incf clock (getf tk :minutes))))
  (format t "total: ~d minutes~%" clock))

(print (mapcar (lambda (x) (getf x :id))
               (stable-sort (copy-list *tasks*) #'> :key (lambda (x) (getf x :priority)))))
(print (reduce #'max *tasks* :key (lambda (x) (getf x :minutes))))
(print (reduce (lambda (acc x) (+ acc (getf x :minutes))) *tasks* :initial-value 0))
(print (remove 'fetch (mapcar (lambda (x) (getf x :id)) *tasks*)))
(print (loop for x in *tasks*
             when (null (getf x :deps)) collect (getf x :id)))
(print (loop for x in *tasks*
             count (member 'fetch (getf x :deps))))
(print (find-if (lambda (x) (> (getf x :minutes) 10)) *tasks*))
(print (position-if (lambda (x) (eq (getf x :id) 'lint)) *tasks*))
(print (assoc 'b '((a . 1) (b . 2))))
(print (let ((al (pairlis '(x y) '(1 2)))) (list (length al) (assoc 'x al) (assoc 'y al))))
(print (acons 'k 'v nil))
(print (mapcar #'cons '(1 2 3) '(a b c)))
(format t "~&~:[no~;some~] tasks have no deps~%" (some (lambda (x) (null (getf x :deps))) *tasks*))
(format t "~{~a~^ -> ~}~%" (topo-order))
