;; constantp answers as SBCL does: literals, quoted forms, constants, and
;; foldable calls, if, progn, block and the over constant parts.
(defconstant +k+ 3)
(dolist (f '((block nil 1) (let ((a 1)) a) (locally 1) (unwind-protect 1) (if x 1 2) (if t 1 x) (if nil x 2) (the fixnum 'a) (the fixnum x) (progn) (progn x 1) (+ +k+ 1) (car '(1 2)) (caar '((1))) (cadar '((1 2))) (eval-when (:execute) 1) (symbol-macrolet () 1) (catch 'a 1) (values) (values-list '(1)) (+ 1 (+ 2 3)) (length '(1 2 . 3)) (/ 1 0) (the integer (+ 1 2)) (load-time-value 1) (function (lambda () 1)) (multiple-value-prog1 1) (quote a b) (if) (+ 1 . 2) (block) (unwind-protect) (if nil 1)))
  (format t "~s ~s~%" f (ignore-errors (constantp f))))
(defvar *v* 1)
(dolist (f '(1 "s" #\a :k nil t x *v* +k+ pi 'a (+ 1 x) (list 1) (values 1 2) #'car (lambda (x) x) #(1 2) (1 2) most-positive-fixnum (sin 1) (cons 1 2) (not t) (string-upcase "a") (length "abc")))
  (format t "~s ~s~%" f (constantp f)))
(print (list (constantp 'x nil) (constantp 1 nil)))
(defmacro const-here (form &environment e) (list 'quote (constantp form e)))
(print (list (const-here +k+) (const-here *v*) (const-here (* 2 +k+))))
