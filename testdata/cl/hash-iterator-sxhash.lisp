;; with-hash-table-iterator: (next) gives true, a key and its value, entry
;; by entry, then nil.
(let ((h (make-hash-table)) (acc nil))
  (setf (gethash 1 h) 'one (gethash 2 h) 'two (gethash 3 h) 'three)
  (with-hash-table-iterator (next h)
    (loop (multiple-value-bind (more k v) (next)
            (unless more (return))
            (push (cons k v) acc))))
  (print (sort acc #'< :key #'car)))
(with-hash-table-iterator (next (make-hash-table))
  (print (multiple-value-list (next))))
;; sxhash is a non-negative fixnum, the same for equal objects.
(print (= (sxhash (list 1 "ab" #\c 'd 2/3 1.5)) (sxhash (list 1 "ab" #\c 'd 2/3 1.5))))
(print (= (sxhash (copy-seq "hello")) (sxhash "hello")))
(print (every (lambda (x) (typep (sxhash x) '(integer 0 *)))
              (list 0 -1 (expt 2 100) 3/4 -0.5 #\a "" 'sym :key nil (vector 1) (make-hash-table))))
