;; agent: parse log lines, group by level, find the slowest requests
(defparameter *log-lines*
  '("2024-05-01 10:00:01 INFO  request /api/users 120ms"
    "2024-05-01 10:00:02 WARN  request /api/orders 950ms"
    "2024-05-01 10:00:03 ERROR request /api/pay 30ms"
    "2024-05-01 10:00:04 INFO  request /api/users 80ms"
    "2024-05-01 10:00:05 INFO  request /health 2ms"
    "2024-05-01 10:00:06 ERROR request /api/pay 45ms"))

(defun split-on-spaces (line)
  (loop with parts = nil
        with start = nil
        for i from 0 below (length line)
        for c = (char line i)
        do (cond ((and (char/= c #\Space) (null start)) (setf start i))
                 ((and (char= c #\Space) start)
                  (push (subseq line start i) parts)
                  (setf start nil)))
        finally (when start (push (subseq line start) parts))
                (return (nreverse parts))))

(defun parse-line (line)
  (let ((f (split-on-spaces line)))
    (list :time (second f)
          :level (intern (third f) :keyword)
          :path (fifth f)
          :ms (parse-integer (sixth f) :junk-allowed t))))

(defvar *entries* (mapcar #'parse-line *log-lines*))
(print (first *entries*))

(let ((by-level (make-hash-table)))
  (dolist (e *entries*)
    (push e (gethash (getf e :level) by-level)))
  (dolist (level '(:info :warn :error))
    (format t "~&~5a ~d" (string-downcase (symbol-name level))
            (length (gethash level by-level)))))
(terpri)

(let ((slow (subseq (sort (copy-list *entries*) #'> :key (lambda (e) (getf e :ms))) 0 2)))
  (loop for e in slow
        do (format t "slow: ~a at ~a (~dms)~%" (getf e :path) (getf e :time) (getf e :ms))))

(format t "mean latency: ~,1f ms~%"
        (/ (reduce #'+ *entries* :key (lambda (e) (getf e :ms))) (* 1.0 (length *entries*))))

(let ((paths (remove-duplicates (mapcar (lambda (e) (getf e :path)) *entries*)
                                :test #'string= :from-end t)))
  (format t "~d distinct paths: ~{~a~^ ~}~%" (length paths) paths))

(print (count :error *entries* :key (lambda (e) (getf e :level))))
(print (search "pay" (third *log-lines*)))
(print (string-trim " " "   padded   "))
(print (string-left-trim " " "   padded   "))
(print (string-right-trim " " "   padded   "))
