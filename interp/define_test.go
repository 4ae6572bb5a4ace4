package interp_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// outcome is what a cell gave, in a form cmp can compare: the printed value
// or the error text.
type outcome struct {
	Printed string
	Err     string
}

func run(t *testing.T, it *interp.Interpreter, cell string) outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := it.Eval(ctx, cell)
	if err != nil {
		return outcome{Err: err.Error()}
	}
	return outcome{Printed: res.Printed}
}

// ok and fails build the expected outcomes of the tables.
func ok(printed string) outcome { return outcome{Printed: printed} }
func fails(err string) outcome  { return outcome{Err: "1:1: " + err} }

// TestDefineFunc calls builtins made from Go functions of each supported
// shape, with good arguments, bad ones and the wrong number of them.
func TestDefineFunc(t *testing.T) {
	tests := []struct {
		name  string
		fn    any
		cells map[string]outcome
	}{
		{"strings", func(a, b string) string { return a + b }, map[string]outcome{
			`(f "ab" "cd")`:   ok(`"abcd"`),
			`(f 'sym #\c)`:    ok(`"symc"`),
			`(f "a" 1)`:       fails(`f: the value 1 is not a string, symbol or character`),
			`(f "a")`:         fails(`f: expected 2 arguments, got 1`),
			`(f "a" "b" "c")`: fails(`f: expected 2 arguments, got 3`),
		}},
		{"int64", func(n int64) int64 { return n * 2 }, map[string]outcome{
			`(f 21)`:                    ok(`42`),
			`(f -4611686018427387904)`:  ok(`-9223372036854775808`),
			`(f 1.5)`:                   fails(`f: the value 1.5 is not a fixnum`),
			`(f 1/2)`:                   fails(`f: the value 1/2 is not a fixnum`),
			`(f 100000000000000000000)`: fails(`f: the value 100000000000000000000 is not a fixnum`),
			`(f nil)`:                   fails(`f: the value nil is not a fixnum`),
			`(handler-case (f "x") (type-error (e) (list :caught (type-error-datum e))))`: ok(`(:caught "x")`),
		}},
		{"narrow ints", func(a int8, b uint16) int { return int(a) + int(b) }, map[string]outcome{
			`(f -128 65535)`: ok(`65407`),
			`(f 128 0)`:      fails(`f: the value 128 is not an integer from -128 to 127`),
			`(f 0 -1)`:       fails(`f: the value -1 is not an integer from 0 to 65535`),
		}},
		{"uint64 result", func() uint64 { return 1 << 63 }, map[string]outcome{
			`(f)`:            ok(`9223372036854775808`),
			`(integerp (f))`: ok(`t`),
		}},
		{"float64", func(x float64) float64 { return x / 4 }, map[string]outcome{
			`(f 1)`:   ok(`0.25`),
			`(f 1/2)`: ok(`0.125`),
			`(f 2.0)`: ok(`0.5`),
			`(f "2")`: fails(`f: the value "2" is not a number`),
		}},
		{"bool", func(b bool) bool { return !b }, map[string]outcome{
			`(f t)`:   ok(`nil`),
			`(f nil)`: ok(`t`),
			// Any non-nil value is true, as in Lisp.
			`(f 0)`: ok(`nil`),
		}},
		{"slice of strings", func(words []string) int { return len(strings.Join(words, "")) }, map[string]outcome{
			`(f '("ab" "c"))`:  ok(`3`),
			`(f nil)`:          ok(`0`),
			`(f #("a" "bb"))`:  ok(`3`),
			`(f '("a" 1))`:     fails(`f: the value ("a" 1) is not a list or vector of strings`),
			`(f "abc")`:        fails(`f: the value "abc" is not a list or vector of strings`),
			`(f '("a" . "b"))`: fails(`f: the value ("a" . "b") is not a list or vector of strings`),
		}},
		{"map of counts", func(m map[string]int64) []string {
			var out []string
			for k, v := range m {
				out = append(out, fmt.Sprintf("%s=%d", k, v))
			}
			return out
		}, map[string]outcome{
			`(f '(:apples 3))`:   ok(`("apples=3")`),
			`(f '((pears . 2)))`: ok(`("pears=2")`),
			`(f '("figs" 1))`:    ok(`("figs=1")`),
			`(f (let ((h (make-hash-table))) (setf (gethash :k h) 7) h))`: ok(`("k=7")`),
			`(f nil)`:       ok(`nil`),
			`(f '(:a))`:     fails(`f: the value (:a) is not a plist, alist or hash table of integers`),
			`(f '(:a "x"))`: fails(`f: the value (:a "x") is not a plist, alist or hash table of integers`),
			`(f '(1 2))`:    fails(`f: the value (1 2) is not a plist, alist or hash table of integers`),
		}},
		{"map result", func() map[string]any { return map[string]any{"b": []int{1}, "a": nil} }, map[string]outcome{
			`(f)`: ok(`(:a nil :b (1))`),
		}},
		{"time", func(t time.Time) time.Time { return t.Add(time.Second) }, map[string]outcome{
			`(f "2024-01-02T03:04:05Z")`:        ok(`"2024-01-02T03:04:06.000000Z"`),
			`(f "2024-01-02T03:04:05.5+02:00")`: ok(`"2024-01-02T01:04:06.500000Z"`),
			`(f (f "2024-01-02T03:04:05Z"))`:    ok(`"2024-01-02T03:04:07.000000Z"`),
			`(f "yesterday")`:                   fails(`f: the value "yesterday" is not a time (an RFC 3339 string)`),
			`(f 5)`:                             fails(`f: the value 5 is not a time (an RFC 3339 string)`),
		}},
		{"variadic", func(sep string, parts ...string) string { return strings.Join(parts, sep) }, map[string]outcome{
			`(f "-")`:                        ok(`""`),
			`(f "-" "a" "b")`:                ok(`"a-b"`),
			`(f "-" "a" 2)`:                  fails(`f: the value 2 is not a string, symbol or character`),
			`(f)`:                            fails(`f: expected at least 1 argument, got 0`),
			`(apply #'f "+" '("x" "y" "z"))`: ok(`"x+y+z"`),
		}},
		{"any", func(v any) string { return fmt.Sprintf("%T %v", v, v) }, map[string]outcome{
			`(f 1)`:        ok(`"int64 1"`),
			`(f nil)`:      ok(`"<nil> <nil>"`),
			`(f t)`:        ok(`"bool true"`),
			`(f '(1 "a"))`: ok(`"[]interface {} [1 a]"`),
			`(f '(:k 1))`:  ok(`"map[string]interface {} map[k:1]"`),
		}},
		{"error only", func(fail bool) error {
			if fail {
				return errors.New("it failed")
			}
			return nil
		}, map[string]outcome{
			`(f nil)`: ok(`nil`),
			`(f t)`:   fails(`f: it failed`),
			`(handler-case (f t) (error (e) (princ-to-string e)))`: ok(`"f: it failed"`),
			`(ignore-errors (f t))`:                                ok("nil\n#<simple-error \"f: it failed\">"), // both values, as a REPL shows them
			`(handler-case (f t) (simple-error () :simple))`:       ok(`:simple`),
		}},
		{"value and error", func(n int64) (string, error) {
			if n < 0 {
				return "", fmt.Errorf("negative %d", n)
			}
			return strings.Repeat("*", int(n)), nil
		}, map[string]outcome{
			`(f 3)`:  ok(`"***"`),
			`(f -1)`: fails(`f: negative -1`),
		}},
		{"condition error", func() error {
			return &lisp.Condition{Class: lisp.ClassDivisionByZero, Message: "f: nothing to divide"}
		}, map[string]outcome{
			`(f)`: fails(`f: nothing to divide`),
			`(handler-case (f) (division-by-zero () :typed))`: ok(`:typed`),
		}},
		{"no results", func() {}, map[string]outcome{
			`(f)`:   ok(`nil`),
			`(f 1)`: fails(`f: expected 0 arguments, got 1`),
		}},
		{"nil results", func(kind string) any {
			switch kind {
			case "slice":
				return []string(nil)
			case "map":
				return map[string]int(nil)
			case "pointer":
				return (*int)(nil)
			}
			return nil
		}, map[string]outcome{
			`(f "slice")`:   ok(`nil`),
			`(f "map")`:     ok(`nil`),
			`(f "pointer")`: ok(`nil`),
			`(f "none")`:    ok(`nil`),
		}},
		{"unconvertible result", func() chan int { return nil }, map[string]outcome{
			`(f)`: fails(`f: cannot convert chan int to a Lisp value`),
		}},
		{"lisp value result", func() lisp.Value { return lisp.List(lisp.Sym(":a"), lisp.MakeInt(1)) }, map[string]outcome{
			`(f)`: ok(`(:a 1)`),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			it := interp.New(interp.Options{})
			if err := it.DefineFunc("f", "A test function.", tc.fn); err != nil {
				t.Fatalf("DefineFunc: %v", err)
			}
			for cell, want := range tc.cells {
				if diff := cmp.Diff(want, run(t, it, cell)); diff != "" {
					t.Errorf("%s (-want +got):\n%s", cell, diff)
				}
			}
		})
	}
}

func TestDefineFuncRejectsBadShapes(t *testing.T) {
	tests := []struct {
		name string
		fn   any
		want string
	}{
		{"not a function", 42, "define f: not a function: int"},
		{"three results", func() (int, int, error) { return 0, 0, nil }, "define f: results must be (), (T), (error) or (T, error)"},
		{"second result not error", func() (int, string) { return 0, "" }, "define f: results must be (), (T), (error) or (T, error)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			it := interp.New(interp.Options{})
			err := it.DefineFunc("f", "", tc.fn)
			if err == nil {
				t.Fatal("DefineFunc accepted it")
			}
			if diff := cmp.Diff(tc.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if got := run(t, it, "(fboundp 'f)"); got != ok("nil") {
				t.Errorf("f is defined after the rejection: %+v", got)
			}
		})
	}
}

// TestDefineFuncDescribe checks that a builtin made from a Go function
// documents itself like the library's own.
func TestDefineFuncDescribe(t *testing.T) {
	it := interp.New(interp.Options{})
	if err := it.DefineFunc("join-words", "Joins words with a separator.", func(sep string, words ...string) string {
		return strings.Join(words, sep)
	}); err != nil {
		t.Fatal(err)
	}
	got := run(t, it, `(documentation 'join-words 'function)`)
	if diff := cmp.Diff(ok(`"Joins words with a separator."`), got); diff != "" {
		t.Errorf("documentation (-want +got):\n%s", diff)
	}
	info := it.Evaluator().Describe(lisp.Sym("join-words"))
	if diff := cmp.Diff("(arg1 &rest arg2)", info.Args); diff != "" {
		t.Errorf("lambda list (-want +got):\n%s", diff)
	}
}

// TestDefine covers host builtins written over Lisp values.
func TestDefine(t *testing.T) {
	it := interp.New(interp.Options{})
	it.Define("second-arg", "(a b)", "Returns its second argument.", func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
		return args[1], nil
	})
	it.Define("nothing", "()", "Returns Go nil.", func(context.Context, []lisp.Value) (lisp.Value, error) { return nil, nil })
	it.Define("typed-fail", "(x)", "Signals a type error.", func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
		return nil, &lisp.Condition{Class: lisp.ClassTypeError, Message: "typed-fail: bad", Datum: args[0]}
	})
	it.Define("lisp-panic", "(x)", "Signals the way library builtins do.", func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
		lisp.TypeError("lisp-panic", args[0], "a string")
		return nil, nil
	})
	it.Define("greet", "(name &optional times &key loud)", "Greets NAME.", func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
		var name string
		times, loud := 1, false
		unpack.Form("greet", args, "name", &name, "&optional", "times", &times, "&key", "loud", &loud)
		s := strings.Repeat("hi "+name+" ", times)
		if loud {
			s = strings.ToUpper(s)
		}
		return lisp.NewString(strings.TrimSpace(s)), nil
	})
	it.Define("first-of", "(a &optional b)", "Returns its first argument.", func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
		return args[0], nil
	})
	it.Define("odd-list", "(a &frob b)", "A lambda list Define cannot read.", func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
		return lisp.MakeInt(int64(len(args))), nil
	})
	cells := map[string]outcome{
		`(first-of 1 2)`:                      ok(`1`),
		`(first-of 1 2 3)`:                    fails(`first-of: expected 1 to 2 arguments, got 3`),
		`(odd-list 1 2 3)`:                    ok(`3`),
		`(second-arg 1 '(x y))`:               ok(`(x y)`),
		`(second-arg 1)`:                      fails(`second-arg: expected 2 arguments, got 1`),
		`(nothing)`:                           ok(`nil`),
		`(list (nothing) 1)`:                  ok(`(nil 1)`),
		`(mapcar #'second-arg '(1 2) '(a b))`: ok(`(a b)`),
		`(handler-case (typed-fail 5) (type-error (e) (type-error-datum e)))`: ok(`5`),
		`(lisp-panic 5)`: fails(`lisp-panic: the value 5 is not a string`),
		`(handler-case (lisp-panic 5) (type-error () :caught))`: ok(`:caught`),
		`(greet "al" 2 :loud t)`:                                ok(`"HI AL HI AL"`),
		`(greet)`:                                               fails(`greet: expected at least 1 argument, got 0`),
		`(greet 5)`:                                             fails(`greet: name must be a string, got 5`),
		`(greet "al" 1 :quiet t)`:                               fails(`greet: unknown keyword :quiet: it takes :loud`),
	}
	for cell, want := range cells {
		if diff := cmp.Diff(want, run(t, it, cell)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", cell, diff)
		}
	}
	if got := it.Evaluator().Describe(lisp.Sym("greet")).Args; got != "(name &optional times &key loud)" {
		t.Errorf("describe shows %q", got)
	}
}

// A host builtin runs under the cell's context: cancelling the cell ends
// what the builtin waits on.
func TestDefineGetsTheCellsContext(t *testing.T) {
	it := interp.New(interp.Options{})
	it.Define("wait", "()", "Waits until the cell is cancelled.", func(ctx context.Context, _ []lisp.Value) (lisp.Value, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := it.Eval(ctx, "(wait)")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want the cell's cancellation", err)
	}
}

// TestHostPanic checks that a Go panic in a host's function ends the cell
// with an error instead of the process, and leaves the interpreter usable.
func TestHostPanic(t *testing.T) {
	it := interp.New(interp.Options{})
	if err := it.DefineFunc("index", "Indexes a list.", func(xs []int64, i int64) int64 { return xs[i] }); err != nil {
		t.Fatal(err)
	}
	it.Define("nil-map", "()", "Writes to a nil map.", func(context.Context, []lisp.Value) (lisp.Value, error) {
		var m map[string]int
		//lint:ignore SA5000 the function exists to make a Go runtime panic
		m["x"] = 1
		return nil, nil
	})
	for _, cell := range []string{`(index '(1 2) 5)`, `(nil-map)`, `(let ((x 1)) (list x (index nil 0)))`} {
		got := run(t, it, cell)
		if !strings.Contains(got.Err, ": internal error: ") {
			t.Errorf("%s: got %+v, want an internal error", cell, got)
		}
	}
	if diff := cmp.Diff(ok("(1 2)"), run(t, it, `(list (index '(1 2) 0) (index '(1 2) 1))`)); diff != "" {
		t.Errorf("after the panics (-want +got):\n%s", diff)
	}
}
