package builtins

import (
	"math/big"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// Helpers shared by the library tests (numbers, predicates, lists,
// sequences, hash tables): they call a registered builtin's Fn directly,
// so they need no evaluator for functions that never call back into Lisp.

func libFn(t *testing.T, name string) func(args ...lisp.Value) lisp.Value {
	t.Helper()
	for _, b := range functions {
		if b.Name == name {
			return func(args ...lisp.Value) lisp.Value {
				if len(args) < b.Min || (b.Max >= 0 && len(args) > b.Max) {
					t.Fatalf("%s: called with %d arguments", name, len(args))
				}
				return b.Fn(nil, args)
			}
		}
	}
	t.Fatalf("no builtin %s", name)
	return nil
}

// libTry calls the builtin and returns the condition it signalled, if any.
func libTry(t *testing.T, name string, args ...lisp.Value) (v lisp.Value, c *lisp.Condition) {
	t.Helper()
	f := libFn(t, name)
	defer func() {
		if r := recover(); r != nil {
			cond, ok := r.(*lisp.Condition)
			if !ok {
				panic(r)
			}
			c = cond
		}
	}()
	return f(args...), nil
}

// libSame compares results: numbers by type and value, strings by
// contents, conses and vectors element by element.
func libSame(a, b lisp.Value) bool {
	switch x := a.(type) {
	case *lisp.Cons:
		y, ok := b.(*lisp.Cons)
		return ok && libSame(x.Car, y.Car) && libSame(x.Cdr, y.Cdr)
	case *lisp.Vector:
		y, ok := b.(*lisp.Vector)
		if !ok || len(x.Items) != len(y.Items) {
			return false
		}
		for i := range x.Items {
			if !libSame(x.Items[i], y.Items[i]) {
				return false
			}
		}
		return true
	}
	return lisp.Equal(a, b)
}

func libI(n int64) lisp.Value { return lisp.MakeInt(n) }

func libR(a, b int64) lisp.Value { return lisp.NormRat(big.NewRat(a, b)) }

func libBig(s string) lisp.Value {
	n, _ := new(big.Int).SetString(s, 10)
	return lisp.NormBig(n)
}

func libS(s string) lisp.Value { return lisp.NewString(s) }

type libCase struct {
	name string
	args []lisp.Value
	want lisp.Value
}

func libRun(t *testing.T, cases []libCase) {
	t.Helper()
	for _, c := range cases {
		got, cond := libTry(t, c.name, c.args...)
		if cond != nil {
			t.Errorf("(%s %v): signalled %s", c.name, c.args, cond.Message)
			continue
		}
		if !libSame(got, c.want) {
			t.Errorf("(%s %v) = %#v, want %#v", c.name, c.args, got, c.want)
		}
	}
}

// libErrCase expects the call to signal a condition of class (or a subclass).
type libErrCase struct {
	name  string
	args  []lisp.Value
	class *lisp.Symbol
}

func libRunErrors(t *testing.T, cases []libErrCase) {
	t.Helper()
	for _, c := range cases {
		got, cond := libTry(t, c.name, c.args...)
		if cond == nil {
			t.Errorf("(%s %v) = %v, want a %s", c.name, c.args, got, c.class.Name)
			continue
		}
		if !lisp.SubclassOf(cond.Class, c.class) {
			t.Errorf("(%s %v) signalled %s (%s), want %s", c.name, c.args, cond.Class.Name, cond.Message, c.class.Name)
		}
	}
}

func libArgs(vs ...lisp.Value) []lisp.Value { return vs }

func TestArithmetic(t *testing.T) {
	a := libArgs
	f := func(x float64) lisp.Value { return lisp.Float(x) }
	libRun(t, []libCase{
		{"+", nil, libI(0)},
		{"+", a(libI(1), libI(2), libI(3)), libI(6)},
		{"+", a(libI(9223372036854775807), libI(1)), libBig("9223372036854775808")},
		{"+", a(libR(1, 2), libR(1, 2)), libI(1)},
		{"+", a(libI(1), f(0.5)), f(1.5)},
		{"-", a(libI(5)), libI(-5)},
		{"-", a(libI(10), libI(1), libI(2)), libI(7)},
		{"*", nil, libI(1)},
		{"*", a(libI(4294967296), libI(4294967296)), libBig("18446744073709551616")},
		{"/", a(libI(10), libI(4)), libR(5, 2)},
		{"/", a(libI(2)), libR(1, 2)},
		{"/", a(libI(10), libI(5)), libI(2)},
		{"/", a(f(1), libI(4)), f(0.25)},
		{"1+", a(libR(1, 2)), libR(3, 2)},
		{"1-", a(libI(0)), libI(-1)},
		{"=", a(libI(1), f(1), libI(1)), lisp.T},
		{"=", a(libI(1), libI(2)), lisp.Nil},
		{"<", a(libI(1), libI(2), libI(3)), lisp.T},
		{"<", a(libI(1), libI(3), libI(2)), lisp.Nil},
		{">=", a(libI(3), libI(3), libI(1)), lisp.T},
		{"/=", a(libI(1), libI(2), libI(1)), lisp.Nil},
		{"/=", a(libI(1), libI(2), libI(3)), lisp.T},
		{"max", a(libI(1), f(2)), f(2)},
		{"max", a(libI(1), f(1)), libI(1)},
		{"max", a(libI(3), f(1)), libI(3)},
		{"min", a(libI(3), libR(1, 2), libI(7)), libR(1, 2)},
		{"abs", a(libI(-3)), libI(3)},
		{"abs", a(libI(-9223372036854775808)), libBig("9223372036854775808")},
		{"abs", a(libR(-1, 2)), libR(1, 2)},
		{"signum", a(f(-2.5)), f(-1)},
		{"signum", a(libR(-1, 2)), libI(-1)},
		{"zerop", a(f(0)), lisp.T},
		{"plusp", a(libI(-1)), lisp.Nil},
		{"minusp", a(libR(-1, 3)), lisp.T},
		{"evenp", a(libBig("100000000000000000000")), lisp.T},
		{"oddp", a(libI(-3)), lisp.T},
		{"gcd", nil, libI(0)},
		{"gcd", a(libI(-12), libI(18)), libI(6)},
		{"lcm", a(libI(4), libI(6)), libI(12)},
		{"lcm", nil, libI(1)},
		{"numerator", a(libR(-6, 4)), libI(-3)},
		{"denominator", a(libR(-6, 4)), libI(2)},
		{"denominator", a(libI(5)), libI(1)},
		{"mod", a(libI(-7), libI(2)), libI(1)},
		{"mod", a(libI(7), libI(-2)), libI(-1)},
		{"rem", a(libI(-7), libI(2)), libI(-1)},
		{"mod", a(f(7.5), libI(2)), f(1.5)},
		{"mod", a(libI(-1), f(2.5)), f(1.5)},
		{"mod", a(libR(7, 2), libI(1)), libR(1, 2)},
		{"isqrt", a(libI(17)), libI(4)},
		{"expt", a(libI(2), libI(10)), libI(1024)},
		{"expt", a(libI(2), libI(100)), libBig("1267650600228229401496703205376")},
		{"expt", a(libI(2), libI(-1)), libR(1, 2)},
		{"expt", a(libR(2, 3), libI(3)), libR(8, 27)},
		{"expt", a(f(2), libI(3)), f(8)},
		{"expt", a(libI(2), f(0.5)), f(1.4142135623730951)},
		{"expt", a(f(1.1), libI(2)), f(1.2100000000000002)},
		{"expt", a(libI(10), libI(-2)), libR(1, 100)},
		{"expt", a(libI(0), libI(0)), libI(1)},
		{"expt", a(libI(-1), libBig("100000000000000000001")), libI(-1)},
		{"sqrt", a(libI(16)), f(4)},
		{"exp", a(libI(0)), f(1)},
		{"log", a(f(8), libI(2)), f(3)},
		{"atan", a(f(1), f(1)), f(0.7853981633974483)},
		{"float", a(libR(1, 4)), f(0.25)},
		{"ash", a(libI(1), libI(70)), libBig("1180591620717411303424")},
		{"ash", a(libI(-5), libI(-1)), libI(-3)},
		{"logand", a(libI(-1), libI(12)), libI(12)},
		{"logand", nil, libI(-1)},
		{"logior", a(libI(1), libI(4)), libI(5)},
		{"logxor", a(libI(5), libI(1)), libI(4)},
		{"lognot", a(libI(5)), libI(-6)},
		{"logbitp", a(libI(1), libI(2)), lisp.T},
		{"logcount", a(libI(255)), libI(8)},
		{"integer-length", a(libI(255)), libI(8)},
		{"integer-length", a(libI(-1)), libI(0)},
		{"rational", a(f(0.5)), libR(1, 2)},
	})
}

func TestArithmeticErrors(t *testing.T) {
	a := libArgs
	libRunErrors(t, []libErrCase{
		{"+", a(libI(1), libS("a")), lisp.ClassTypeError},
		{"+", a(libS("a")), lisp.ClassTypeError},
		{"=", a(libS("a")), lisp.ClassTypeError},
		{"<", a(libI(1), lisp.Sym("a")), lisp.ClassTypeError},
		{"/", a(libI(1), libI(0)), lisp.ClassDivisionByZero},
		{"/", a(lisp.Float(1), libI(0)), lisp.ClassDivisionByZero},
		{"/", a(libI(0)), lisp.ClassDivisionByZero},
		{"floor", a(libI(1), libI(0)), lisp.ClassDivisionByZero},
		{"mod", a(lisp.Float(1), lisp.Float(0)), lisp.ClassDivisionByZero},
		{"expt", a(libI(0), libI(-1)), lisp.ClassDivisionByZero},
		{"expt", a(libI(10), libI(1000000000)), lisp.ClassError},
		{"log", a(libI(0)), lisp.ClassDivisionByZero},
		{"evenp", a(lisp.Float(1)), lisp.ClassTypeError},
		{"zerop", a(libS("a")), lisp.ClassTypeError},
		{"numerator", a(lisp.Float(0.5)), lisp.ClassTypeError},
		{"max", a(libI(1), libS("a")), lisp.ClassTypeError},
		{"random", a(libI(0)), lisp.ClassTypeError},
		{"isqrt", a(libI(-1)), lisp.ClassTypeError},
	})
	_, c := libTry(t, "+", libI(1), libS("a"))
	if c == nil || c.Message[:3] != "+: " {
		t.Errorf("message %v does not name the operator", c)
	}
}

func TestDivide(t *testing.T) {
	f := func(x float64) lisp.Value { return lisp.Float(x) }
	for _, c := range []struct {
		mode       numRounding
		a, b, q, r lisp.Value
	}{
		{roundFloor, f(7.5), libI(2), libI(3), f(1.5)},
		{roundFloor, libI(-7), libI(2), libI(-4), libI(1)},
		{roundCeiling, libI(7), libI(2), libI(4), libI(-1)},
		{roundTruncate, libI(-7), libI(2), libI(-3), libI(-1)},
		{roundNearest, f(2.5), libI(1), libI(2), f(0.5)},
		{roundNearest, f(-2.5), libI(1), libI(-2), f(-0.5)},
		{roundNearest, libI(7), libI(2), libI(4), libI(-1)},
		{roundNearest, libI(5), libI(2), libI(2), libI(1)},
		{roundNearest, libR(5, 2), libI(1), libI(2), libR(1, 2)},
		{roundFloor, libI(5), libR(1, 2), libI(10), libI(0)},
		{roundTruncate, libR(7, 2), libR(1, 3), libI(10), libR(1, 6)},
		{roundFloor, libR(-7, 2), libI(1), libI(-4), libR(1, 2)},
		{roundCeiling, libR(-7, 2), libI(1), libI(-3), libR(-1, 2)},
		{roundTruncate, f(1e20), libI(1), libBig("100000000000000000000"), f(0)},
		{roundFloor, libBig("100000000000000000001"), libI(10), libBig("10000000000000000000"), libI(1)},
		{roundFloor, libI(-9223372036854775808), libI(-1), libBig("9223372036854775808"), libI(0)},
	} {
		q, r := numDivide("floor", c.mode, c.a, c.b)
		if !libSame(q, c.q) || !libSame(r, c.r) {
			t.Errorf("mode %d: %v / %v = %v, %v; want %v, %v", c.mode, c.a, c.b, q, r, c.q, c.r)
		}
	}
}
