;; agent: count word frequencies in a text and report the top words
(defparameter *text* "the quick brown fox jumps over the lazy dog the fox barks and the dog runs")

(defun split-words (s)
  (let ((words nil) (start 0))
    (loop for i from 0 to (length s)
          do (when (or (= i (length s)) (char= (char s i) #\Space))
               (when (> i start)
                 (push (subseq s start i) words))
               (setf start (1+ i))))
    (nreverse words)))

(defvar *counts* (make-hash-table :test #'equal))
(dolist (w (split-words *text*))
  (incf (gethash w *counts* 0)))

(format t "distinct words: ~d~%" (hash-table-count *counts*))
(format t "total words: ~d~%" (length (split-words *text*)))

(let ((pairs nil))
  (maphash (lambda (k v) (push (cons k v) pairs)) *counts*)
  (setf pairs (sort pairs (lambda (a b)
                            (or (> (cdr a) (cdr b))
                                (and (= (cdr a) (cdr b)) (string< (car a) (car b)))))))
  (loop for (word . n) in pairs
        for rank from 1
        while (<= rank 5)
        do (format t "~2d. ~10a ~3d~%" rank word n)))

(print (gethash "fox" *counts*))
(print (gethash "cat" *counts*))
(print (remove-if-not (lambda (w) (> (gethash w *counts*) 1))
                      (remove-duplicates (split-words *text*) :test #'string= :from-end t)))
