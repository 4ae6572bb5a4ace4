;; A memo table under equal whose keys hold vectors (issue 30: Rosetta's
;; Thiele's interpolation keys its cache by (list xs ys n i) and timed
;; out). Vectors are equal only when eq; bit vectors and strings by content.
(let ((h (make-hash-table :test 'equal))
      (a (vector 1 2 3))
      (b (vector 1 2 3)))
  (setf (gethash (list a 1) h) :a
        (gethash (list #*101 "s") h) :bits)
  (print (list (gethash (list a 1) h) (gethash (list b 1) h)
               (gethash (list (copy-seq #*101) (copy-seq "s")) h)
               (hash-table-count h))))

;; Thiele's interpolation formula, reciprocal differences memoized by
;; (list xs ys n i), inverting sin and cos sampled at 33 points.
(defvar *memo* (make-hash-table :test 'equal))
(defparameter *points* 32)

(defun reciprocal-difference (xs ys n i)
  (let ((key (list xs ys n i)))
    (multiple-value-bind (known found) (gethash key *memo*)
      (if found
          known
          (setf (gethash key *memo*)
                (cond ((minusp n) 0)
                      ((zerop n) (aref ys i))
                      (t (+ (reciprocal-difference xs ys (- n 2) (1+ i))
                            (/ (- (aref xs i) (aref xs (+ i n)))
                               (- (reciprocal-difference xs ys (1- n) i)
                                  (reciprocal-difference xs ys (1- n) (1+ i))))))))))))

(defun continued-fraction (x xs ys n)
  (if (= n *points*)
      1
      (+ (- (reciprocal-difference xs ys n 0) (reciprocal-difference xs ys (- n 2) 0))
         (/ (- x (aref xs n))
            (continued-fraction x xs ys (1+ n))))))

(defun inverse-of (f from to)
  "Sample F on [FROM, TO] and return the interpolated inverse of F."
  (let ((xs (make-array (1+ *points*)))
        (ys (make-array (1+ *points*))))
    (dotimes (i (1+ *points*))
      (let ((y (+ from (* i (/ (- to from) *points*)))))
        (setf (aref ys i) y
              (aref xs i) (funcall f y))))
    (lambda (x) (continued-fraction x xs ys 0))))

(let ((asin* (inverse-of #'sin 0 (/ pi 2)))
      (acos* (inverse-of #'cos 0 (/ pi 2))))
  (format t "~&~,12f~%~,12f~%" (* 6 (funcall asin* 0.5)) (* 3 (funcall acos* 0.5)))
  (print (< (abs (- pi (* 6 (funcall asin* 0.5)))) 1d-9))
  (print (> (hash-table-count *memo*) 1000)))
