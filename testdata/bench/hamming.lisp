;; Hamming numbers (2^i 3^j 5^k) in increasing order. Each next one is the
;; least of 2, 3 and 5 times an earlier one; three pointers walk the list
;; built so far while a fourth conses onto its tail. The millionth number
;; has 84 decimal digits, so the work is bignum multiply and compare.
(defun hamming-list (n)
  (let* ((h (list 1)) (tail h) (p2 h) (p3 h) (p5 h))
    (labels ((extend (k)
               (if (= k 0)
                   h
                   (let* ((x2 (* 2 (car p2)))
                          (x3 (* 3 (car p3)))
                          (x5 (* 5 (car p5)))
                          (next (min x2 x3 x5)))
                     (setf (cdr tail) (cons next nil)
                           tail (cdr tail))
                     (when (= next x2) (setf p2 (cdr p2)))
                     (when (= next x3) (setf p3 (cdr p3)))
                     (when (= next x5) (setf p5 (cdr p5)))
                     (extend (1- k))))))
      (extend (1- n)))))

;; The same numbers kept in a vector, indexed instead of walked.
(defun hamming-vector (n)
  (let ((h (make-array n))
        (i2 0) (i3 0) (i5 0)
        (x2 2) (x3 3) (x5 5))
    (setf (aref h 0) 1)
    (loop for m from 1 below n
          do (let ((next (min x2 x3 x5)))
               (setf (aref h m) next)
               (when (= next x2) (setf x2 (* 2 (aref h (incf i2)))))
               (when (= next x3) (setf x3 (* 3 (aref h (incf i3)))))
               (when (= next x5) (setf x5 (* 5 (aref h (incf i5)))))))
    h))

(let ((h (hamming-list 1000000)))
  (print (subseq h 0 20))
  (print (nth 1690 h))
  (print (nth 999999 h)))

(let ((h (hamming-vector 100000)))
  (print (aref h 1690))
  (print (aref h 99999)))
