package builtins

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Lisp-level tests of the macros: each source runs in a fresh image with
// the library installed, and the printed value of its last form (or the
// error message) is compared.

func evalMacroTest(t *testing.T, src string) (string, error) {
	t.Helper()
	in := eval.New(eval.Limits{})
	Install(in)
	var out strings.Builder
	res, err := in.EvalString(context.Background(), src, &out)
	if err != nil {
		return "", err
	}
	return out.String() + lisp.Prin1ToString(res.Value), nil
}

func TestMacrosEval(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"return in dolist", "(dolist (x '(1 2 3)) (when (= x 2) (return (* x 5))))", "10"},
		{"dolist var nil at result", "(dolist (x '(1 2) x))", "nil"},
		{"dotimes count evaluated once", "(let ((n 3) (k 0)) (dotimes (i n) (setq n 10) (incf k)) k)", "3"},
		{"dotimes result sees count", "(dotimes (i 4 i))", "4"},
		{"do parallel steps", "(do ((a 1 b) (b 2 a) (n 0 (1+ n))) ((= n 3) (list a b)))", "(2 1)"},
		{"do* sequential steps", "(do* ((a 1 b) (b 2 a) (n 0 (1+ n))) ((= n 3) (list a b)))", "(2 2)"},
		{"case keys", "(mapcar (lambda (x) (case x ((a b) 1) (c 2) (t 3))) '(a b c d))", "(1 1 2 3)"},
		{"typecase", "(typecase \"s\" (number 'n) (string 's))", "s"},
		{"prog1 primary value", "(prog1 (floor 7 2) 'x)", "3"},
		// CLtS 5.1.3: the place's subforms, then delta, then the read
		// (SBCL's answers).
		{"incf delta before read", "(let ((x 0)) (list (incf x (setf x 1)) x))", "(2 2)"},
		{"decf delta before read", "(let ((x 0)) (list (decf x (setf x 1)) x))", "(0 0)"},
		{"incf car delta before read", "(let ((x (list 5))) (list (incf (car x) (progn (setf (car x) 10) 1)) x))", "(11 (11))"},
		{"decf car delta before read", "(let ((x (list 5))) (list (decf (car x) (progn (setf (car x) 10) 1)) x))", "(9 (9))"},
		{"incf decf constants", "(let ((x 5)) (list (decf x 2) (incf x 3) (decf x) x))", "(3 6 5 5)"},
		{"setf returns value", "(let ((l (list 1 2))) (list (setf (car l) 9) l))", "(9 (9 2))"},
		{"setf gethash", "(let ((h (make-hash-table))) (setf (gethash 'k h) 1) (incf (gethash 'k h) 2) (gethash 'k h))", "3"},
		{"incf gethash default evaluates once", "(let ((h (make-hash-table)) (n 0)) (incf (gethash (incf n) h 0) 5) (list n (gethash 1 h)))", "(1 5)"},
		{"push pop", "(let ((s nil)) (push 1 s) (push 2 s) (list (pop s) s))", "(2 (1))"},
		{"pushnew test", "(let ((s (list \"a\"))) (pushnew \"a\" s :test #'string=) (pushnew \"b\" s :test #'string=) s)", "(\"b\" \"a\")"},
		{"rotatef", "(let ((a 1) (b 2)) (rotatef a b) (list a b))", "(2 1)"},
		{"shiftf", "(let ((a 1) (b 2)) (list (shiftf a b 3) a b))", "(1 2 3)"},
		{"getf place", "(let ((p nil)) (setf (getf p :a) 1) (incf (getf p :a)) p)", "(:a 2)"},
		{"remf", "(let ((p (list :a 1 :b 2))) (list (remf p :a) p))", "(t (:b 2))"},
		{"defsetf", "(defun kar (x) (car x)) (defun set-kar (x v) (setf (car x) v)) (defsetf kar set-kar) (let ((l (list 1))) (setf (kar l) 5) l)", "(5)"},
		{"macro place", "(defmacro kadr (x) `(car (cdr ,x))) (let ((l (list 1 2))) (incf (kadr l) 10) l)", "(1 12)"},
		{"with-output-to-string", "(with-output-to-string (s) (princ 1 s) (princ \"a\" s))", "\"1a\""},
		{"defstruct", "(defstruct pt (x 0) y) (let ((p (make-pt :y 2))) (setf (pt-x p) 5) (list (pt-x p) (pt-y p) (pt-p p) (pt-p 3)))", "(5 2 t nil)"},
		{"defstruct boa", "(defstruct (pt (:constructor new-pt (x &optional y))) x (y 9)) (let ((p (new-pt 1))) (list (pt-x p) (pt-y p)))", "(1 9)"},
		{"loop collect", "(loop for x in '(1 2 3) collect (* x x))", "(1 4 9)"},
		{"loop nested finish", "(loop for i from 0 do (loop for j below 2 do (when (= j 1) (loop-finish))) when (= i 2) return i)", "2"},
		{"loop fib", "(loop for a = 0 then b and b = 1 then (+ a b) repeat 8 collect a)", "(0 1 1 2 3 5 8 13)"},
		{"loop hash", "(let ((h (make-hash-table))) (setf (gethash 'a h) 1 (gethash 'b h) 2) (loop for k being the hash-keys of h using (hash-value v) sum v))", "3"},
		{"loop across string", "(loop for c across \"ab\" collect c)", "(#\\a #\\b)"},
		{"simple loop", "(let ((n 0)) (loop (when (> (incf n) 3) (return n))))", "4"},
	}
	for _, tc := range tests {
		got, err := evalMacroTest(t, tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestMacroErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"ecase", "(ecase 5 (1 'a) (2 'b))", "ecase: the value 5 is not one of (1 2)"},
		{"etypecase", "(etypecase 5 (string 1) (symbol 2))", "etypecase: the value 5 is not of type (or string symbol)"},
		{"assert", "(assert (= 1 2))", "assert: the assertion (= 1 2) failed"},
		{"check-type", "(let ((x 5)) (check-type x string))", "check-type: the value of x is 5, which is not of type string"},
		{"struct accessor", "(defstruct pt x) (pt-x 5)", "pt-x: the value 5 is not a pt"},
		{"loop unknown clause", "(loop for x in '(1) frob x)", "loop: unknown clause frob"},
		{"loop bad for", "(loop for x frob 3)", "loop: expected in, on, =, across, from or being after for x but got frob"},
		{"loop missing var", "(loop for)", "loop: expected a variable after for"},
		{"loop-finish outside loop", "(loop-finish)", "loop-finish: not inside a loop"},
		{"setf constant", "(setf nil 1)", "setf: cannot assign to the constant nil"},
		{"dotimes count not an integer", "(dotimes (i 2.5))", "dotimes: the value 2.5 is not an integer"},
		{"setf place arity", "(setf (nth 1) 2)", "setf: malformed place (nth 1)"},
		{"setf ordinal arity", "(setf (second) 2)", "setf: malformed place (second)"},
	}
	for _, tc := range tests {
		_, err := evalMacroTest(t, tc.src)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		msg := err.Error()
		if c, ok := err.(*lisp.Condition); ok {
			msg = c.Message
		}
		if msg != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, msg, tc.want)
		}
	}
}
