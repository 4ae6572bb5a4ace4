package eval

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/lisp"
)

func evalErr(t *testing.T, in *Interp, ctx context.Context, src string) *lisp.Condition {
	t.Helper()
	_, err := in.EvalString(ctx, src, nil)
	var c *lisp.Condition
	if !errors.As(err, &c) {
		t.Fatalf("%s: got error %v, want a condition", src, err)
	}
	return c
}

func TestCancelStopsALoop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	c := evalErr(t, newTestInterp(), ctx, "(loop)")
	if c.Message != "evaluation cancelled" || c.Class != lisp.ClassLimit {
		t.Errorf("(loop): got %v (%v)", c, c.Class)
	}
}

func TestCancellationStopsLoops(t *testing.T) {
	for _, src := range []string{"(loop)", "(labels ((f () (f))) (f))", "(tagbody a (go a))", "(defun spin () (spin)) (spin)"} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		c := evalErr(t, newTestInterp(), ctx, src)
		cancel()
		if c.Message != "evaluation timed out" || c.Class != lisp.ClassLimit {
			t.Errorf("%s: got %v (%v)", src, c, c.Class)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: took %v to stop", src, d)
		}
	}
}

func TestStepLimit(t *testing.T) {
	for _, src := range []string{"(loop)", "(labels ((f () (f))) (f))", "(handler-case (loop) (error () 'swallowed))", "(handler-case (loop) (condition () 'swallowed))", "(ignore-errors (loop))"} {
		in := newTestInterp()
		in.SetLimits(Limits{MaxSteps: 10000})
		c := evalErr(t, in, context.Background(), src)
		if c.Message != "step limit exceeded (10000)" {
			t.Errorf("%s: got %v", src, c)
		}
	}
}

func TestDepthLimit(t *testing.T) {
	in := newTestInterp()
	c := evalErr(t, in, context.Background(), "(defun f (n) (+ 1 (f (+ n 1))))\n(f 0)")
	if c.Message != "call depth exceeded (10000)" || c.Class != lisp.ClassLimit {
		t.Fatalf("got %v", c)
	}
	if c.Pos.IsZero() {
		t.Errorf("depth error has no position")
	}
	if got, _ := run(t, in, "(+ 1 2)"); got != "3" {
		t.Errorf("next cell: got %s", got)
	}
}

func TestTailCalls(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(labels ((f (n) (if (= n 0) :done (f (- n 1))))) (f 1000000))", ":done"},
		{"(defun count-down (n acc) (if (zerop n) acc (count-down (1- n) (1+ acc)))) (count-down 1000000 0)", "1000000"},
		{"(defun ev (n) (cond ((= n 0) t) (t (od (- n 1))))) (defun od (n) (if (= n 0) nil (ev (- n 1)))) (ev 1000001)", "nil"},
		{"(defun g (n) (when (> n 0) (let ((m (- n 1))) (funcall #'g m)))) (g 1000000)", "nil"},
		{"(defun h (n &optional (k 1)) (if (<= n 0) 'ok (h (- n k)))) (h 1000000)", "ok"},
		{"(defun b (n) (if (= n 0) 'ok (and t (or nil (progn (b (- n 1))))))) (b 1000000)", "ok"},
	}
	for _, tt := range tests {
		if got, _ := run(t, newTestInterp(), tt.src); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestOutputLimit(t *testing.T) {
	in := newTestInterp()
	in.SetLimits(Limits{MaxOutput: 100})
	var out strings.Builder
	_, err := in.EvalString(context.Background(), `(loop (princ "abcdefgh"))`, &out)
	if err == nil || !strings.Contains(err.Error(), "output limit exceeded (100 bytes)") {
		t.Fatalf("got %v", err)
	}
	if out.Len() != 100 {
		t.Errorf("wrote %d bytes", out.Len())
	}
}

func TestInternalFaultIsAnError(t *testing.T) {
	in := newTestInterp()
	c := evalErr(t, in, context.Background(), "(crash)")
	if !strings.HasPrefix(c.Message, "internal error: ") || c.Class != lisp.ClassError {
		t.Errorf("got %v", c)
	}
	if got, _ := run(t, in, "(handler-case (crash) (error () 'caught))"); got != "caught" {
		t.Errorf("got %s", got)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(nosuch 1)", "1:1: undefined function: nosuch"},
		{"(let ((x 1))\n  (+ x zz))", "2:3: unbound variable: zz"},
		{"(defun car (x) x)", "1:1: defun: cannot redefine the builtin function car"},
		{"(defun f2 (a b) a) (f2 1 2 3)", "1:20: f2: expected 2 arguments, got 3"},
		{"(defun f3 (&key a) a) (f3 :bar 1)", "1:23: f3: unknown keyword argument :bar"},
		{"(defun f4 (&key a) a) (f4 :bar 1 :allow-other-keys t)", ""},
		{"(progn\n  (car 5))", "2:3: car: the value 5 is not a list"},
		{"(defun f5 (x) (car x)) (f5 7)", "1:15: car: the value 7 is not a list"},
		{"(return-from nowhere 1)", "1:1: return-from: no block named nowhere is visible"},
		{"(throw 'nope 1)", "1:1: throw: attempt to throw to a tag that does not exist: nope"},
		{"(error \"plain ~a\" 1)", "1:1: plain ~a"},
	}
	for _, tt := range tests {
		_, err := newTestInterp().EvalString(context.Background(), tt.src, nil)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.src, got, tt.want)
		}
	}
	c := evalErr(t, newTestInterp(), context.Background(), "(f6)")
	if c.Class != lisp.ClassUndefinedFunction || c.Name != lisp.Value(lisp.Sym("f6")) {
		t.Errorf("undefined function: class %v name %v", c.Class, c.Name)
	}
	c = evalErr(t, newTestInterp(), context.Background(), "(defun f7 (a) a) (f7)")
	if c.Class != lisp.ClassProgramError {
		t.Errorf("arity error class %v", c.Class)
	}
}

func TestClosuresCaptureEachBinding(t *testing.T) {
	src := `(let ((fs nil) (i 0))
	  (loop (when (= i 3) (return))
	        (let ((j i)) (setq fs (cons (lambda () j) fs)))
	        (setq i (+ i 1)))
	  (list (funcall (car fs)) (funcall (car (cdr fs))) (funcall (car (cdr (cdr fs))))))`
	if got, _ := run(t, newTestInterp(), src); got != "(2 1 0)" {
		t.Errorf("got %s", got)
	}
	src = `(defun make-counter () (let ((n 0)) (list (lambda () (setq n (+ n 1))) (lambda () n))))
	(let* ((c (make-counter)) (d (make-counter)))
	  (funcall (car c)) (funcall (car c)) (funcall (car d))
	  (list (funcall (car (cdr c))) (funcall (car (cdr d)))))`
	if got, _ := run(t, newTestInterp(), src); got != "(2 1)" {
		t.Errorf("got %s", got)
	}
	// A variable captured three lambdas deep.
	src = `(let ((x 1)) (funcall (lambda () (funcall (lambda () (funcall (lambda () (setq x (+ x 1)))))))) x)`
	if got, _ := run(t, newTestInterp(), src); got != "2" {
		t.Errorf("got %s", got)
	}
}

func TestDynamicBindingRestoredOnError(t *testing.T) {
	in := newTestInterp()
	run(t, in, "(defvar *x* 1)")
	if got, _ := run(t, in, "(handler-case (let ((*x* 2)) (error \"e\")) (error () *x*))"); got != "1" {
		t.Errorf("after handler-case: got %s", got)
	}
	if got, _ := run(t, in, "(let ((*x* 5)) (car 1))"); !strings.HasPrefix(got, "error:") {
		t.Errorf("got %s", got)
	}
	if got, _ := run(t, in, "*x*"); got != "1" {
		t.Errorf("after failed cell: got %s", got)
	}
	if got, _ := run(t, in, "(defun dx (*x*) (throw 'k *x*)) (list (catch 'k (dx 9)) *x*)"); got != "(9 1)" {
		t.Errorf("special parameter: got %s", got)
	}
}

func TestDefinedNames(t *testing.T) {
	res, err := newTestInterp().EvalString(context.Background(), "(defun fib (n) n) (defvar *cache* 1) (defun fib (n) n) (defmacro mm () 1)", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(res.Defined, " "); got != "fib *cache* mm" {
		t.Errorf("got %q", got)
	}
}

func TestResultValues(t *testing.T) {
	res, err := newTestInterp().EvalString(context.Background(), "(floor 7 2)", nil)
	if err != nil || len(res.Values) != 2 {
		t.Fatalf("got %v %v", res.Values, err)
	}
}

func TestParseMemory(t *testing.T) {
	for in, want := range map[string]int64{"268435456": 268435456, "256MiB": 256 << 20, "256M": 256 << 20, "1.5GiB": 3 << 29, "512 KiB": 512 << 10, "2GB": 2e9} {
		got, err := ParseMemory(in)
		if err != nil || got != want {
			t.Errorf("ParseMemory(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-5M", "lots", "5 parsecs", "1e30"} {
		if _, err := ParseMemory(in); err == nil {
			t.Errorf("ParseMemory(%q): no error", in)
		}
	}
}
