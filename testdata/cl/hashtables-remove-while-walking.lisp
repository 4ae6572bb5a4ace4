;; maphash may remove the entry it is given: every entry is still visited
;; once, however many are removed (the table compacts only after the walk).
(dolist (test '(eql equal equalp))
  (print (multiple-value-list
          (let ((table (make-hash-table :test test)))
            (loop for i from 1 to 1000 do (setf (gethash i table) (+ i i)))
            (let ((s1 0) (s2 0))
              (values (multiple-value-list
                       (maphash #'(lambda (k v) (incf s1 k) (incf s2 v) (remhash k table)) table))
                      s1 s2 (hash-table-count table)))))))
(print (let ((table (make-hash-table)) (n 0))
         (loop for i below 100 do (setf (gethash i table) i))
         (maphash (lambda (k v) (declare (ignore v)) (incf n) (when (evenp k) (remhash k table))) table)
         (list n (hash-table-count table)
               (loop for k being the hash-keys of table count (oddp k)))))
(print (typep (make-hash-table) (find-class 'hash-table)))
