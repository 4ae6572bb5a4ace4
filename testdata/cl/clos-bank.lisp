;; A bank: accounts as classes, :around methods that guard and log
;; operations, :before/:after auditing, a condition class for refusals,
;; and dispatch on the kind of account.
(define-condition insufficient-funds (error)
  ((account :initarg :account :reader refused-account)
   (amount :initarg :amount :reader refused-amount))
  (:report (lambda (c s)
             (format s "cannot withdraw ~a from ~a"
                     (refused-amount c) (owner (refused-account c))))))

(defvar *audit* '())
(defvar *next-number* 100)

(defclass account ()
  ((number :reader account-number :initform (incf *next-number*))
   (owner :initarg :owner :reader owner)
   (balance :initarg :balance :initform 0 :accessor balance)
   (history :initform '() :accessor history)))
(defclass savings (account)
  ((rate :initarg :rate :initform 1/50 :reader rate)))
(defclass checking (account)
  ((overdraft :initarg :overdraft :initform 0 :reader overdraft)))

(defmethod print-object ((a account) stream)
  (print-unreadable-object (a stream :type t)
    (format stream "~a #~a ~a" (owner a) (account-number a) (balance a))))

(defgeneric deposit (account amount))
(defgeneric withdraw (account amount))
(defgeneric limit (account))

(defmethod limit ((a account)) 0)
(defmethod limit ((a checking)) (overdraft a))

(defmethod deposit ((a account) amount)
  (incf (balance a) amount))
(defmethod withdraw ((a account) amount)
  (decf (balance a) amount))

;; Every operation is recorded in the account's history, after it ran.
(defmethod deposit :after ((a account) amount)
  (push (list :deposit amount) (history a)))
(defmethod withdraw :after ((a account) amount)
  (push (list :withdraw amount) (history a)))

;; Withdrawals beyond the limit are refused before anything changes.
(defmethod withdraw :around ((a account) amount)
  (if (> amount (+ (balance a) (limit a)))
      (error 'insufficient-funds :account a :amount amount)
      (call-next-method)))

;; Amounts must be positive, whatever the operation.
(defmethod deposit :around ((a account) amount)
  (check-type amount (real (0)))
  (call-next-method))

;; Large operations are audited.
(defmethod withdraw :before ((a account) amount)
  (when (>= amount 500)
    (push (format nil "large withdrawal of ~a by ~a" amount (owner a)) *audit*)))

(defgeneric month-end (account))
(defmethod month-end ((a account)) nil)
(defmethod month-end ((a savings))
  (deposit a (* (balance a) (rate a))))

(defun try (thunk)
  (handler-case (funcall thunk)
    (insufficient-funds (c) (format nil "refused: ~a" c))
    (type-error () "refused: bad amount")))

(let ((ann (make-instance 'savings :owner "ann" :balance 1000))
      (bob (make-instance 'checking :owner "bob" :balance 50 :overdraft 100))
      (cy (make-instance 'account :owner "cy")))
  (print (list ann bob cy))
  (print (try (lambda () (withdraw ann 600))))
  (print (try (lambda () (withdraw bob 120))))
  (print (try (lambda () (withdraw bob 100))))
  (print (try (lambda () (withdraw cy 1))))
  (print (try (lambda () (deposit cy -5))))
  (print (try (lambda () (deposit cy 25))))
  (mapc #'month-end (list ann bob cy))
  (print (list ann bob cy))
  (print (balance ann))
  (print (reverse (history ann)))
  (print (reverse (history bob)))
  (print (reverse *audit*))
  (format t "~%~{~a~%~}" (mapcar (lambda (a) (format nil "~6a ~8a" (owner a) (balance a)))
                                 (sort (list ann bob cy) #'> :key #'balance))))
