;; do-symbols, do-external-symbols, do-all-symbols, loop being the
;; symbols, and list-all-packages (the Rosetta Code tasks).
(defpackage :zoo
  (:use)
  (:export #:lion #:tiger)
  (:intern #:keeper))

(defun sorted-names (symbols)
  (sort (mapcar #'symbol-name symbols) #'string<))

(let ((all '()))
  (do-symbols (s :zoo) (push s all))
  (print (sorted-names all)))
(let ((ext '()))
  (do-external-symbols (s (find-package "ZOO")) (push s ext))
  (print (sorted-names ext)))
(print (do-symbols (s :zoo :done)))
(print (do-external-symbols (s :zoo (list 'last s))))
(print (block nil (do-symbols (s :zoo) (return :early))))
(print (sorted-names (loop for s being the symbols of :zoo collect s)))
(print (sorted-names (loop for s being each external-symbol in :zoo collect s)))
(print (sorted-names (loop for s being the present-symbols of :zoo collect s)))

(let ((found '()))
  (do-all-symbols (s)
    (when (eq (symbol-package s) (find-package :zoo))
      (pushnew s found)))
  (print (sorted-names found)))

(let ((names (mapcar #'package-name (list-all-packages))))
  (print (every (lambda (n) (member n names :test #'string=))
                '("COMMON-LISP" "COMMON-LISP-USER" "KEYWORD" "ZOO"))))

(let ((n 0))
  (do-external-symbols (s :cl) (incf n))
  (print n))
(print (let ((n 0)) (do-symbols (s :cl) (when (fboundp s) (incf n))) (> n 600)))

(in-package :zoo)
(cl:print (cl:let ((xs cl:nil)) (cl:do-symbols (s) (cl:push s xs)) (cl:length xs)))
(cl:in-package :cl-user)
(print (loop for s being the symbols in :zoo count t))
