;; agent: parse CSV text, aggregate per group and print an aligned summary
(defparameter *csv* "region,product,units,price
north,apple,10,0.5
south,apple,4,0.55
north,pear,7,0.8
east,apple,12,0.45
south,pear,3,0.9
north,apple,5,0.5")

(defun split-string (s ch)
  (let ((out nil) (start 0))
    (loop for pos = (position ch s :start start)
          do (push (subseq s start pos) out)
             (if pos (setf start (1+ pos)) (return)))
    (nreverse out)))

(defun parse-number (s)
  (let ((dot (position #\. s)))
    (if dot
        (+ (parse-integer s :end dot)
           (/ (parse-integer s :start (1+ dot)) (expt 10 (- (length s) dot 1))))
        (parse-integer s))))

(defvar *rows*
  (let* ((lines (split-string *csv* #\Newline))
         (header (mapcar (lambda (h) (intern (string-upcase h) :keyword))
                         (split-string (first lines) #\,))))
    (loop for line in (rest lines)
          collect (loop for key in header
                        for val in (split-string line #\,)
                        append (list key (if (member key '(:units :price))
                                             (parse-number val)
                                             val))))))

(print (length *rows*))
(print (first *rows*))
(let ((totals (make-hash-table :test #'equal)))
  (dolist (r *rows*)
    (let ((key (getf r :region)))
      (incf (gethash key totals 0) (* (getf r :units) (getf r :price)))))
  (let ((keys (loop for r in *rows*
                    for k = (getf r :region)
                    unless (member k seen :test #'string=)
                      collect k into seen
                    finally (return seen))))
    (format t "~&~{~a~^ | ~}~%" keys)
    (dolist (k (sort (copy-list keys) #'string<))
      (format t "~&~10a ~8,2f~%" k (gethash k totals)))))
(format t "~&units by product: ~{~a=~d~^, ~}~%"
        (loop for p in '("apple" "pear")
              append (list p (loop for r in *rows*
                                   when (string= (getf r :product) p)
                                     sum (getf r :units)))))
(format t "~&max price ~a, min units ~a~%"
        (loop for r in *rows* maximize (getf r :price))
        (loop for r in *rows* minimize (getf r :units)))
(print (reduce #'+ *rows* :key (lambda (r) (getf r :units))))
(print (count-if (lambda (r) (> (getf r :units) 5)) *rows*))
(print (remove-if-not (lambda (r) (string= (getf r :region) "south")) *rows*))
(print (mapcar (lambda (r) (getf r :price)) *rows*))
