;; One long defun under narrow margins, miser style, and *print-lines*.
(defparameter *f* '(defun process-items (items &key (test #'eql) (key #'identity)) (let ((seen (make-hash-table :test test))) (dolist (item items) (setf (gethash (funcall key item) seen) item)) (loop for v being the hash-values of seen collect v))))
(dolist (m '(10 20 30 45 60))
  (let ((*print-right-margin* m) (*print-miser-width* 40)) (pprint *f*)))
(dolist (m '(5 15 25)) (let ((*print-right-margin* m)) (pprint *f*)))
(dolist (n '(0 1 2 3 5)) (let ((*print-lines* n)) (pprint *f*)))
(print (write-to-string *f* :pretty t :lines 2 :right-margin 40))
(print (write-to-string (list *f* *f*) :pretty t :lines 4 :right-margin 50 :miser-width 10))
