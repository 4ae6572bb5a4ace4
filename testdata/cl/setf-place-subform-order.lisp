;; Each subform of a place is evaluated once, left to right, then the
;; value: a place of three subforms (aref with two subscripts, subseq
;; with an end) as much as any other.
(print (multiple-value-list
        (let ((i 0) a b c d (s (copy-seq "abcdefgh")))
          (values (setf (subseq (progn (setf a (incf i)) s) (progn (setf b (incf i)) 1)
                                (progn (setf c (incf i)) 4))
                        (progn (setf d (incf i)) "xyz"))
                  s i a b c d))))
(print (let ((m (make-array '(2 3) :initial-element 0)) (j 0))
         (setf (aref m 1 (incf j)) 7)
         (list j m)))
(print (let ((h (make-hash-table)) (n 0))
         (setf (gethash :k h (incf n)) 1)
         (list n (gethash :k h))))
