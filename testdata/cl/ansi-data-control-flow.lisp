;; Forms the ANSI suite's data-and-control-flow chapter found nodelisp
;; answering otherwise than SBCL.
(defmacro signals-p (type form)
  `(handler-case (progn ,form nil)
     (,type () t)
     (error () :other-error)))

;; psetq, psetf and multiple-value-setq through symbol macros evaluate the
;; expansions' subforms once, in order with the value forms.
(print (multiple-value-list (symbol-macrolet ((x (aref a (incf i))) (y (aref a (incf i)))) (let ((a (copy-seq #(0 1 2 3 4 5 6 7 8 9))) (i 0)) (psetq x (aref a (incf i)) y (aref a (incf i))) (values a i)))))
(print (multiple-value-list (symbol-macrolet ((x (aref a (incf i))) (y (aref a (incf i)))) (let ((a (copy-seq #(0 1 2 3 4 5 6 7 8 9))) (i 0)) (psetf x (aref a (incf i)) y (aref a (incf i))) (values a i)))))
(print (let ((i 0) (x (list nil))) (symbol-macrolet ((y (car (progn (incf i) x)))) (multiple-value-setq (y) i)) x))
(print (multiple-value-list (let ((x (list nil)) (z (list nil)) (i 0)) (symbol-macrolet ((y (car (progn (incf i 3) x))) (w (car (progn (incf i i) z)))) (multiple-value-setq (y w) (values i 10))) (values x z))))
(print (let ((a 1) (b 2)) (symbol-macrolet ((x a)) (psetq x b b x)) (list a b)))

;; The leftmost :allow-other-keys decides.
(print (signals-p program-error (funcall #'(lambda (&key) t) :allow-other-keys nil :allow-other-keys t :foo t)))
(print (signals-p program-error (funcall (complement #'(lambda (&key) t)) :allow-other-keys nil :allow-other-keys t :foo t)))
(print (funcall #'(lambda (&key a) a) :allow-other-keys t :allow-other-keys nil :foo t :a 3))

;; fboundp of a malformed function name is a type error (SBCL drops a
;; call whose value is unused, so the value is returned here).
(print (let ((x '(x))) (handler-case (fboundp x) (type-error () t))))
(print (let ((x '(setf))) (handler-case (fboundp x) (type-error () t))))
(print (let ((x '(setf foo . bar))) (handler-case (fboundp x) (type-error () t))))
(print (let ((x '(setf foo bar))) (handler-case (fboundp x) (type-error () t))))
(print (let ((x '(setf . foo))) (handler-case (fboundp x) (type-error () t))))

;; The writer of a setf function's place calls #'(setf f).
(print (multiple-value-bind (temps vals stores writer reader) (get-setf-expansion (list 'zork 'a 1))
         (list (length temps) vals (length stores)
               (subst 'new (first stores) (subst 'temp (first temps) writer))
               (subst 'temp (first temps) reader))))

;; lambda-list-keywords is a constant.
(print (list (boundp 'lambda-list-keywords) (constantp 'lambda-list-keywords)
             (every (lambda (k) (member k lambda-list-keywords)) '(&optional &rest &key &allow-other-keys &aux &body &whole &environment))))

;; macrolet: &whole is the whole form; its special declarations apply to
;; its body; macroexpand with the environment expands symbol macros.
(print (let ((x nil)) (macrolet ((%m (&whole w arg) `(progn (setq x (quote ,w)) ,arg))) (multiple-value-list (values (%m 1) x)))))
(print (let ((x nil)) (macrolet ((%m (&whole w b &rest a) `(setq x (quote ,(list a w))))) (list (%m a1 a2) x))))
(print (let ((x :good)) (declare (special x)) (let ((x :bad)) (declare (ignorable x)) (macrolet () (declare (special x)) x))))
(print (symbol-macrolet ((a b)) (macrolet ((foo (x &environment env) (let ((y (macroexpand x env))) (if (eq y 'a) 1 2)))) (foo a))))
(print (symbol-macrolet ((a b)) (macrolet ((foo (x &environment env) (let ((y (macroexpand-1 x env))) (if (eq y 'a) 1 2)))) (foo a))))

;; compiled-function-p and function-lambda-expression exist.
(defun named-function (x) x)
(print (list (compiled-function-p #'car) (compiled-function-p (lambda (x) x)) (compiled-function-p 'car)))
(print (multiple-value-list (function-lambda-expression #'car)))
(print (length (multiple-value-list (function-lambda-expression (lambda (x) x)))))
(print (third (multiple-value-list (function-lambda-expression #'named-function))))
