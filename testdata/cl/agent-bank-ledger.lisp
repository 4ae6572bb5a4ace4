;; agent: a ledger of transactions with validation errors handled per entry
(defvar *balances* (make-hash-table :test #'equal))
(defvar *rejected* nil)

(defun apply-tx (tx)
  (destructuring-bind (kind account amount) tx
    (unless (and (numberp amount) (plusp amount))
      (error "bad amount ~s for ~a" amount account))
    (ecase kind
      (:deposit (incf (gethash account *balances* 0) amount))
      (:withdraw
       (let ((bal (gethash account *balances* 0)))
         (when (< bal amount)
           (error "insufficient funds in ~a: ~d < ~d" account bal amount))
         (setf (gethash account *balances*) (- bal amount)))))))

(defparameter *txs*
  '((:deposit "alice" 100)
    (:deposit "bob" 50)
    (:withdraw "alice" 30)
    (:withdraw "bob" 80)
    (:deposit "carol" -5)
    (:deposit "carol" 20)
    (:transfer "alice" 10)
    (:withdraw "alice" 70)))

(loop for tx in *txs*
      for i from 1
      do (handler-case (progn (apply-tx tx) (format t "~&#~d ok~%" i))
           (simple-error (e)
             (push (cons i (princ-to-string e)) *rejected*)
             (format t "~&#~d rejected: ~a~%" i e))
           (error ()
             (push (cons i "unknown kind") *rejected*)
             (format t "~&#~d rejected: unknown kind ~s~%" i (first tx)))))

(let ((names nil))
  (maphash (lambda (k v) (declare (ignore v)) (push k names)) *balances*)
  (dolist (name (sort names #'string<))
    (format t "~&~8a ~5d~%" name (gethash name *balances*))))

(format t "rejected ~d of ~d: ~{#~d~^, ~}~%" (length *rejected*) (length *txs*)
        (sort (mapcar #'car *rejected*) #'<))
(print (reverse *rejected*))
(print (hash-table-count *balances*))
(remhash "carol" *balances*)
(print (hash-table-count *balances*))
(print (gethash "carol" *balances* 'gone))
(clrhash *balances*)
(print (hash-table-count *balances*))
