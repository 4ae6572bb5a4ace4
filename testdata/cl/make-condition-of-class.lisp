;; make-condition takes a condition type's class object as well as its name.
(dolist (name '(error warning arithmetic-error type-error simple-condition
                package-error file-error style-warning))
  (let ((c (make-condition (find-class name))))
    (print (list name (typep c name) (typep c (find-class name)) (typep c 'condition)))))
(define-condition my-trouble (error) ((level :initarg :level :reader level)))
(print (level (make-condition (find-class 'my-trouble) :level 3)))
(print (handler-case (make-condition (find-class 'standard-object)) (error () :not-a-condition-type)))
(print (typep (make-condition (find-class 'condition)) 'condition))
