;; recall as an agent uses it, in the fork s2 of the fixture log: page back
;; through the log, read one entry whole, search every session.

(defun rows-of (result)
  "The rows of a recall-log result, without its (:matched N :showing M) header."
  (if (getf (first result) :matched) (rest result) result))

(defun show (row)
  (format t "  ~3d ~17a ~a~%" (getf row :seq) (getf row :kind)
          (substitute #\Space #\Newline (getf row :body))))

(format t "~&== the newest page, with its header~%")
(let ((page (recall-log :limit 4 :clip 40)))
  (prin1 (first page))
  (terpri)
  (mapc #'show (rows-of page)))

(format t "~&== every mention of deploy, three at a time, back to the start~%")
(let ((before nil) (pages 0) (seen nil))
  (loop
    (let* ((result (recall-log :match "deploy" :limit 3 :before before :clip 30))
           (rows (rows-of result)))
      (when (null rows) (return))
      (incf pages)
      (format t "page ~d~:[~*~; of ~d matches~]:~%" pages
              (getf (first result) :matched) (getf (first result) :matched))
      (mapc #'show rows)
      (setf seen (append (mapcar (lambda (r) (getf r :seq)) rows) seen))
      (when (eq rows result) (return))
      (setf before (getf (first rows) :seq))))
  (format t "~d pages, seqs ~{~d~^ ~}~%" pages (sort seen #'<)))

(format t "~&== tool results and how long they took~%")
(let ((results (recall-log :kinds :tool-result)))
  (dolist (r results)
    (format t "  seq ~d: ~d ms~%" (getf r :seq) (getf r :duration-ms)))
  (format t "  total ~d ms~%" (reduce #'+ results :key (lambda (r) (getf r :duration-ms)))))

(format t "~&== the undone turn, clipped to 24 characters~%")
(dolist (r (recall-log :after 4 :before 10 :clip 24))
  (format t "  ~d ~s (~d characters)~%" (getf r :seq) (getf r :body) (length (getf r :body))))

(format t "~&== the bookkeeping the default kinds leave out~%")
(mapc #'show (recall-log :kinds '(:head-move "usage") :session-id "s1"))

(format t "~&== one entry, whole~%")
(let ((e (recall-entry 4)))
  (format t "  seq ~d of session ~a, turn ~d, at ~a~%"
          (getf e :seq) (getf e :session-id) (getf e :turn) (getf e :at))
  (format t "  payload ~a~%" (getf e :payload)))
(print (recall-entry 16))
(terpri)
(format t "  seq 6 holds ~d characters; seq 99 holds ~s~%"
        (length (getf (recall-entry 6) :body)) (recall-entry 99))

(format t "~&== search every session~%")
(dolist (hit (recall-search "deploy script"))
  (format t "  ~a (~a) seq ~d: ~a~%" (getf hit :session-id) (getf hit :title)
          (getf hit :seq) (getf hit :text)))
(dolist (hit (recall-search "staging" :window 24 :lead 8))
  (format t "  ~a/~d ~s~%" (getf hit :session-id) (getf hit :seq) (getf hit :text)))
(format t "  ÉCOLE: ~d hits, école: ~d hits, DEPLOYED: ~d hits~%"
        (length (recall-search "ÉCOLE")) (length (recall-search "école"))
        (length (recall-search "DEPLOYED")))
(format t "  the first of ~d: ~s~%" (length (recall-search "deploy" :limit 100))
        (first (recall-search "deploy" :limit 1)))

(format t "~&== mistakes are errors a cell can catch~%")
(dolist (form '((recall-log :limit -3)
                (recall-log :before 5 :after 9)
                (recall-log :session-id "nope")
                (recall-log :foo 1)
                (recall-search "   ")
                (recall-search "deploy" :lead -1)))
  (format t "  ~a~%" (handler-case (eval form) (error (e) (princ-to-string e)))))
