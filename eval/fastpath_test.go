package eval

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// fastInterp is newTestInterp with builtins exercising the evaluator's
// fast calling paths: fixed-arity entry points, borrowed argument slices
// and Thread.Call from Go.
func fastInterp() *Interp {
	in := newTestInterp()
	tag := func(s string) lisp.Value { return lisp.Sym(s) }
	in.Define(&Builtin{Name: "path", Min: 0, Max: -1,
		Fn:  func(t *Thread, args []lisp.Value) lisp.Value { return tag("slice") },
		Fn1: func(t *Thread, a lisp.Value) lisp.Value { return tag("one") },
		Fn2: func(t *Thread, a, b lisp.Value) lisp.Value { return tag("two") }})
	in.Define(&Builtin{Name: "path2", Min: 2, Max: 3,
		Fn:  func(t *Thread, args []lisp.Value) lisp.Value { return tag("slice") },
		Fn1: func(t *Thread, a lisp.Value) lisp.Value { return tag("one") }})
	in.Define(&Builtin{Name: "sum", Min: 0, Max: -1, BorrowsArgs: true, Fn: func(t *Thread, args []lisp.Value) lisp.Value {
		var acc lisp.Value = lisp.MakeInt(0)
		for _, a := range args {
			acc = lisp.Add(acc, a)
		}
		return acc
	}})
	in.Define(&Builtin{Name: "call-with", Min: 2, Max: 2, Fn: func(t *Thread, args []lisp.Value) lisp.Value {
		return t.Call(args[0], args[1])
	}})
	in.Define(&Builtin{Name: "id", Min: 1, Max: 1, Fn: func(t *Thread, args []lisp.Value) lisp.Value { return args[0] }})
	in.Define(&Builtin{Name: "gc", Min: 0, Max: 0, Fn: func(t *Thread, args []lisp.Value) lisp.Value {
		runtime.GC()
		return lisp.Nil
	}})
	return in
}

func TestMultipleValuesDoNotLeak(t *testing.T) {
	tests := []struct{ src, want string }{
		// Consumers of a value take only its primary value.
		{"(multiple-value-list (let ((g 3)) (floor 7 2) g))", "(3)"},
		{"(multiple-value-list (let ((x (floor 7 2))) x))", "(3)"},
		{"(multiple-value-list (progn (floor 7 2) 3))", "(3)"},
		{"(multiple-value-list (+ (floor 7 2) 0))", "(3)"},
		{"(multiple-value-list (car (list (floor 7 2))))", "(3)"},
		{"(multiple-value-list (if (floor 7 2) 3 4))", "(3)"},
		{"(multiple-value-list (let ((x 0)) (setq x (floor 7 2))))", "(3)"},
		{"(multiple-value-list (id (floor 7 2)))", "(3)"},
		{"(defun idf (x) x) (multiple-value-list (idf (floor 7 2)))", "(3)"},
		{"(multiple-value-list (tagbody (values nil 2)))", "(nil)"},
		{"(multiple-value-list (or (values nil 2) nil))", "(nil)"},
		{"(multiple-value-list (cond ((values nil 2)) (t nil)))", "(nil)"},
		{"(multiple-value-list (call-with (lambda (x) (floor x 2)) 7))", "(3)"},
		// Forms that pass their last form's values on still do.
		{"(multiple-value-list (let ((x 1)) x (floor 7 2)))", "(3 1)"},
		{"(multiple-value-list (block nil (return (floor 7 2))))", "(3 1)"},
		{"(defun fl (a) (floor a 2)) (multiple-value-list (fl 7))", "(3 1)"},
		{"(defun tl (n) (if (= n 0) (floor 7 2) (tl (- n 1)))) (multiple-value-list (tl 5))", "(3 1)"},
		{"(multiple-value-list (if t (floor 7 2)))", "(3 1)"},
		{"(multiple-value-list (funcall #'floor 7 2))", "(3 1)"},
		{"(multiple-value-list (apply #'floor '(7 2)))", "(3 1)"},
		{"(multiple-value-list (or nil (floor 7 2)))", "(3 1)"},
	}
	for _, tt := range tests {
		if got, _ := run(t, fastInterp(), tt.src); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestFastEntryPoints(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(list (path) (path 1) (path 1 2) (path 1 2 3))", "(slice one two slice)"},
		{"(list (funcall #'path 1) (funcall #'path 1 2))", "(one two)"},
		{"(call-with #'path 1)", "one"},
		{"(defun tail1 (x) (path x)) (tail1 1)", "one"},
		// An entry point outside Min..Max is never used.
		{"(path2 1)", "error: 1:1: path2: expected 2 to 3 arguments, got 1"},
		{"(list (path2 1 2) (path2 1 2 3))", "(slice slice)"},
		// Borrowed argument buffers nest and survive non-local exits.
		{"(sum 1 (sum 2 (sum 3 4)) 5)", "15"},
		{"(list (catch 'k (sum 1 (throw 'k 5))) (sum 1 2))", "(5 3)"},
		{"(call-with #'sum 4)", "4"},
		{"(defun tails (x) (sum x x x)) (tails 2)", "6"},
	}
	for _, tt := range tests {
		if got, _ := run(t, fastInterp(), tt.src); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.src, got, tt.want)
		}
	}
}

// A recursion through a builtin that calls back into Lisp counts its
// depth even when the builtin is called in tail position, so it ends in
// the depth error, not in Go's stack overflow.
func TestRecursionThroughBuiltinHitsDepthLimit(t *testing.T) {
	for _, src := range []string{
		"(defun f (x) (call-with #'f x)) (f 1)",
		"(defun f (x) (funcall #'call-with #'f x)) (f 1)",
		"(defun f (x) (apply #'call-with #'f (list x))) (f 1)",
	} {
		c := evalErr(t, fastInterp(), context.Background(), src)
		if c.Message != "call depth exceeded (10000)" || c.Class != lisp.ClassLimit {
			t.Errorf("%s: got %v", src, c)
		}
	}
}

// Fixnums the open-coded arithmetic boxes in the thread's blocks keep
// their values through collections.
func TestBoxedFixnumsSurviveCollection(t *testing.T) {
	src := `(defun build (i acc) (if (= i 3000) acc (build (+ i 1) (cons (* i 1000003) acc))))
(defun check (l i) (if (null l) t (if (= (car l) (* i 1000003)) (check (cdr l) (- i 1)) (list 'bad i (car l)))))
(let ((l (build 0 nil))) (gc) (build 0 nil) (gc) (check l 2999))`
	if got, _ := run(t, fastInterp(), src); got != "t" {
		t.Errorf("got %s", got)
	}
}

// The open-coded arithmetic and comparisons give what the builtins give,
// for every shape of operand (a local variable, a constant, a computed
// value) and across the fixnum boundary.
func TestInlineShapes(t *testing.T) {
	tests := []struct{ src, want string }{
		{"(let ((a 9223372036854775807) (b 1)) (list (+ a b) (+ a 1) (+ (id a) b) (+ (id a) (id b))))",
			"(9223372036854775808 9223372036854775808 9223372036854775808 9223372036854775808)"},
		{"(let ((a -9223372036854775808)) (list (- a 1) (1- a) (1+ (- a 1)) (- (id a) 1)))",
			"(-9223372036854775809 -9223372036854775809 -9223372036854775808 -9223372036854775809)"},
		{"(let ((a 3037000500)) (list (* a a) (* a 2) (* (id a) a)))", "(9223372037000250000 6074001000 9223372037000250000)"},
		{"(let ((x 5) (y 7)) (list (< x y) (< x 6) (< (id x) 5) (>= x y) (= x 5) (<= (id y) x)))", "(t t nil nil t nil)"},
		{"(let ((x 1.5) (y 2)) (list (+ x y) (- y x) (< x y) (1+ x) (* x 2)))", "(3.5 0.5 t 2.5 3.0)"},
	}
	for _, tt := range tests {
		if got, _ := run(t, fastInterp(), tt.src); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	if got, _ := run(t, fastInterp(), "(let ((x 'a)) (+ x 1))"); !strings.Contains(got, "+: the value a is not a number") {
		t.Errorf("(+ 'a 1): got %s", got)
	}
}
