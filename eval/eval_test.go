package eval

import (
	"testing"
)

func TestEvalBasics(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"constant", "42", "42"},
		{"arith", "(+ 1 (* 2 3))", "7"},
		{"if", "(if (< 1 2) 'yes 'no)", "yes"},
		{"let", "(let ((x 1) (y 2)) (+ x y))", "3"},
		{"let*", "(let* ((x 1) (y (+ x 1))) (* x y))", "2"},
		{"setq", "(let ((x 1)) (setq x (+ x 1) x (* x 10)) x)", "20"},
		{"defun", "(defun sq (x) (* x x)) (sq 12)", "144"},
		{"fib", "(defun fib (n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 20)", "6765"},
		{"lambda", "(funcall (lambda (x y) (- x y)) 10 3)", "7"},
		{"closure counter", "(let ((n 0)) (defun next () (setq n (+ n 1)))) (next) (next)", "2"},
		{"optional", "(defun f (a &optional (b 10 bp)) (list a b bp)) (list (f 1) (f 1 2))", "((1 10 nil) (1 2 t))"},
		{"rest", "(defun f (a &rest r) (list a r)) (f 1 2 3)", "(1 (2 3))"},
		{"key", "(defun f (&key (a 1) ((:bee b) 2 bp)) (list a b bp)) (list (f) (f :bee 5 :a 0))", "((1 2 nil) (0 5 t))"},
		{"aux", "(defun f (x &aux (y (* x 2))) y) (f 4)", "8"},
		{"and or", "(list (and 1 2) (and 1 nil) (or nil 3) (or) (and))", "(2 nil 3 nil t)"},
		{"cond", "(defun s (x) (cond ((< x 0) 'neg) ((= x 0) 'zero) (t 'pos))) (list (s -1) (s 0) (s 5) (cond (7)))", "(neg zero pos 7)"},
		{"when unless", "(list (when t 1 2) (when nil 1) (unless nil 3) (unless t 4))", "(2 nil 3 nil)"},
		{"block return", "(block b (return-from b 5) 6)", "5"},
		{"loop return", "(let ((i 0)) (loop (setq i (+ i 1)) (when (= i 10) (return i))))", "10"},
		{"tagbody", "(let ((i 0) (acc nil)) (tagbody top (when (>= i 3) (go end)) (setq acc (cons i acc)) (setq i (+ i 1)) (go top) end) acc)", "(2 1 0)"},
		{"nonlocal go", "(let ((n 0)) (tagbody a (setq n (+ n 1)) (funcall (lambda () (if (< n 5) (go a))))) n)", "5"},
		{"catch throw", "(catch 'k (+ 1 (throw 'k 9)))", "9"},
		{"unwind-protect", "(let ((x 0)) (catch 'k (unwind-protect (throw 'k 1) (setq x 7))) x)", "7"},
		{"flet", "(flet ((f (x) (+ x 1))) (f 2))", "3"},
		{"labels", "(labels ((ev (n) (if (= n 0) t (od (- n 1)))) (od (n) (if (= n 0) nil (ev (- n 1))))) (list (ev 10) (od 7)))", "(t t)"},
		{"mvb", "(multiple-value-bind (q r) (floor 7 2) (list q r))", "(3 1)"},
		{"mvb single", "(multiple-value-bind (a b) 5 (list a b))", "(5 nil)"},
		{"mv list", "(multiple-value-list (values 1 2 3))", "(1 2 3)"},
		{"mv call", "(multiple-value-call #'list (values 1 2) 3 (values))", "(1 2 3)"},
		{"mv prog1", "(multiple-value-list (multiple-value-prog1 (values 1 2) 3))", "(1 2)"},
		{"nth-value", "(nth-value 1 (floor 7 2))", "1"},
		{"quasiquote", "(let ((x 1) (ys '(2 3))) `(a ,x ,@ys b))", "(a 1 2 3 b)"},
		{"qq dotted", "(let ((x 1)) `(a . ,x))", "(a . 1)"},
		{"qq vector", "(let ((x 1)) `#(a ,x))", "#(a 1)"},
		{"qq nested", "(let ((x 1)) `(a `(b ,,x)))", "(a `(b ,1))"},
		{"defmacro", "(defmacro my-inc (v &optional (n 1)) `(setq ,v (+ ,v ,n))) (let ((a 5)) (my-inc a) (my-inc a 10) a)", "16"},
		{"defmacro destructuring", "(defmacro m ((a b) &body body) `(list ,a ,b ,@body)) (m (1 2) 3 4)", "(1 2 3 4)"},
		{"macrolet", "(macrolet ((two (x) `(list ,x ,x))) (two 3))", "(3 3)"},
		{"symbol-macrolet", "(let ((p (list 1 2))) (symbol-macrolet ((h (car p))) h))", "1"},
		{"destructuring-bind", "(destructuring-bind (a (b c) &key d) '(1 (2 3) :d 4) (list a b c d))", "(1 2 3 4)"},
		{"defvar", "(defvar *v* 1) (defvar *v* 2) *v*", "1"},
		{"defparameter", "(defparameter *p* 1) (defparameter *p* 2) *p*", "2"},
		{"dynamic", "(defvar *d* 1) (defun get-d () *d*) (list (let ((*d* 2)) (get-d)) (get-d))", "(2 1)"},
		{"handler-case", "(handler-case (error \"boom\") (error (c) (list 'caught)))", "(caught)"},
		{"handler-case type", "(handler-case (car 5) (type-error () 'te) (error () 'other))", "te"},
		{"handler-case no-error", "(handler-case (floor 7 2) (:no-error (q r) (list q r)))", "(3 1)"},
		{"ignore-errors", "(multiple-value-bind (a c) (ignore-errors (error \"x\")) (list a (null c)))", "(nil nil)"},
		{"load-time-value", "(defun f () (load-time-value (list 1))) (eq (f) (f))", "t"},
		{"psetq", "(let ((a 1) (b 2)) (psetq a b b a) (list a b))", "(2 1)"},
		{"apply", "(apply #'list 1 2 '(3 4))", "(1 2 3 4)"},
		{"eval", "(eval '(+ 1 2))", "3"},
		{"macroexpand", "(defmacro m2 (x) `(list ,x)) (macroexpand-1 '(m2 5))", "(list 5)"},
		{"progn toplevel macro", "(progn (defmacro m3 () 7) (m3))", "7"},
		{"the", "(the fixnum 5)", "5"},
		{"define-condition", "(define-condition my-err (error) ((code :initarg :code :reader my-err-code)) (:report \"code\")) (handler-case (error 'my-err :code 4) (my-err (c) (my-err-code c)))", "4"},
		{"handler-bind", "(let ((seen nil)) (block b (handler-bind ((error (lambda (c) (setq seen t) (return-from b seen)))) (error \"x\"))))", "t"},
		{"handler-bind builtin error", "(block b (handler-bind ((type-error (lambda (c) (return-from b 'tb)))) (car 5)))", "tb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := run(t, newTestInterp(), tt.src)
			if got != tt.want {
				t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
			}
		})
	}
}
