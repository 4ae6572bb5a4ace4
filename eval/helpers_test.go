package eval

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// newTestInterp returns an image with a handful of test-only builtins
// standing in for the library.
func newTestInterp() *Interp {
	in := New(Limits{})
	num2 := func(name string, f func(a, b lisp.Value) lisp.Value) {
		in.Define(&Builtin{Name: name, Min: 2, Max: 2, Fn: func(t *Thread, args []lisp.Value) lisp.Value { return f(args[0], args[1]) }})
	}
	num2("+", lisp.Add)
	num2("-", lisp.Sub)
	num2("*", lisp.Mul)
	cmp := func(name string, ok func(int) bool) {
		num2(name, func(a, b lisp.Value) lisp.Value { return lisp.Bool(ok(lisp.Compare(name, a, b))) })
	}
	cmp("<", func(c int) bool { return c < 0 })
	cmp(">", func(c int) bool { return c > 0 })
	cmp("=", func(c int) bool { return c == 0 })
	cmp("<=", func(c int) bool { return c <= 0 })
	cmp(">=", func(c int) bool { return c >= 0 })
	num2("cons", func(a, b lisp.Value) lisp.Value { return &lisp.Cons{Car: a, Cdr: b} })
	num2("eq", func(a, b lisp.Value) lisp.Value { return lisp.Bool(lisp.Eq(a, b)) })
	one := func(name string, f func(a lisp.Value) lisp.Value) {
		in.Define(&Builtin{Name: name, Min: 1, Max: 1, Fn: func(t *Thread, args []lisp.Value) lisp.Value { return f(args[0]) }})
	}
	one("1+", func(a lisp.Value) lisp.Value { return lisp.Add(a, lisp.MakeInt(1)) })
	one("1-", func(a lisp.Value) lisp.Value { return lisp.Sub(a, lisp.MakeInt(1)) })
	one("car", lisp.Car)
	one("cdr", lisp.Cdr)
	one("null", func(a lisp.Value) lisp.Value { return lisp.Bool(a == lisp.Value(lisp.Nil)) })
	one("not", func(a lisp.Value) lisp.Value { return lisp.Bool(a == lisp.Value(lisp.Nil)) })
	one("zerop", func(a lisp.Value) lisp.Value { return lisp.Bool(lisp.IsZero(a)) })
	in.Define(&Builtin{Name: "list", Min: 0, Max: -1, Fn: func(t *Thread, args []lisp.Value) lisp.Value { return lisp.List(args...) }})
	in.Define(&Builtin{Name: "floor", Min: 2, Max: 2, Fn: func(t *Thread, args []lisp.Value) lisp.Value {
		a, b := int64(args[0].(lisp.Fixnum)), int64(args[1].(lisp.Fixnum))
		return t.Values(lisp.MakeInt(a/b), lisp.MakeInt(a%b))
	}})
	in.Define(&Builtin{Name: "princ", Min: 1, Max: 1, Fn: func(t *Thread, args []lisp.Value) lisp.Value {
		t.Out().WriteString(lisp.PrincToString(args[0]))
		return args[0]
	}})
	in.Define(&Builtin{Name: "crash", Min: 0, Max: 0, Fn: func(t *Thread, args []lisp.Value) lisp.Value {
		var m map[string]int
		//lint:ignore SA5000 the builtin exists to make a Go runtime panic
		m["x"] = 1
		return lisp.Nil
	}})
	return in
}

// run evaluates src and returns the printed primary value (or "error: …"
// with the message) and the output.
func run(t *testing.T, in *Interp, src string) (string, string) {
	t.Helper()
	var out strings.Builder
	res, err := in.EvalString(context.Background(), src, &out)
	if err != nil {
		return "error: " + err.Error(), out.String()
	}
	return lisp.Prin1ToString(res.Value), out.String()
}
