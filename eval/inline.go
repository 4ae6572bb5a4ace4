package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// Calls of a few library functions are open-coded: the fixnum (or cons)
// case runs in place and anything else falls back to package lisp. This is
// sound because defun may not redefine a builtin; a host that replaces one
// with Interp.Define affects only forms analysed afterwards.

type inlineFn struct {
	arity int
	// fixK, when set, is the fixnum operation for a constant fixnum second
	// operand; slow is the general case.
	fixK func(a, k int64) (int64, bool)
	slow func(a, b lisp.Value) lisp.Value
	// cmpK is the comparison for a constant fixnum second operand.
	cmpK func(c int) bool
	op   string
	// one or two build the code from the argument codes.
	one  func(x code, pos string) code
	two  func(x, y code, pos string) code
	test func(x, y code, pos string) func(*frame) bool
}

var inlines map[string]inlineFn

func init() {
	arith := func(fix func(a, b int64) (int64, bool), slow func(a, b lisp.Value) lisp.Value) func(x, y code, pos string) code {
		return func(x, y code, pos string) code {
			return func(fr *frame) lisp.Value {
				a, b := x(fr), y(fr)
				if p, ok := a.(lisp.Fixnum); ok {
					if q, ok := b.(lisp.Fixnum); ok {
						if r, ok := fix(int64(p), int64(q)); ok {
							return lisp.MakeInt(r)
						}
					}
				}
				fr.t.pos = pos
				return slow(a, b)
			}
		}
	}
	cmp := func(op string, ok func(c int) bool) (func(x, y code, pos string) code, func(x, y code, pos string) func(*frame) bool) {
		test := func(x, y code, pos string) func(*frame) bool {
			return func(fr *frame) bool {
				a, b := x(fr), y(fr)
				if p, isFix := a.(lisp.Fixnum); isFix {
					if q, isFix := b.(lisp.Fixnum); isFix {
						switch {
						case p < q:
							return ok(-1)
						case p > q:
							return ok(1)
						}
						return ok(0)
					}
				}
				fr.t.pos = pos
				return ok(lisp.Compare(op, a, b))
			}
		}
		val := func(x, y code, pos string) code {
			t := test(x, y, pos)
			return func(fr *frame) lisp.Value { return lisp.Bool(t(fr)) }
		}
		return val, test
	}
	add := func(a, b int64) (int64, bool) {
		s := a + b
		return s, (s > a) == (b > 0)
	}
	sub := func(a, b int64) (int64, bool) {
		s := a - b
		return s, (s < a) == (b > 0)
	}
	inlines = map[string]inlineFn{
		"+": {arity: 2, two: arith(add, lisp.Add), fixK: add, slow: lisp.Add},
		"-": {arity: 2, two: arith(sub, lisp.Sub), fixK: sub, slow: lisp.Sub},
		"*": {arity: 2, two: arith(func(a, b int64) (int64, bool) {
			if a > -(1<<31) && a < 1<<31 && b > -(1<<31) && b < 1<<31 {
				return a * b, true
			}
			return 0, false
		}, lisp.Mul)},
		"1+": {arity: 1, one: func(x code, pos string) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				if p, ok := a.(lisp.Fixnum); ok && p < 1<<62 {
					return lisp.MakeInt(int64(p) + 1)
				}
				fr.t.pos = pos
				return lisp.Add(a, lisp.MakeInt(1))
			}
		}},
		"1-": {arity: 1, one: func(x code, pos string) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				if p, ok := a.(lisp.Fixnum); ok && p > -(1<<62) {
					return lisp.MakeInt(int64(p) - 1)
				}
				fr.t.pos = pos
				return lisp.Sub(a, lisp.MakeInt(1))
			}
		}},
		"car": {arity: 1, one: func(x code, pos string) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				if c, ok := a.(*lisp.Cons); ok {
					return c.Car
				}
				fr.t.pos = pos
				return lisp.Car(a)
			}
		}},
		"cdr": {arity: 1, one: func(x code, pos string) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				if c, ok := a.(*lisp.Cons); ok {
					return c.Cdr
				}
				fr.t.pos = pos
				return lisp.Cdr(a)
			}
		}},
		"cons": {arity: 2, two: func(x, y code, pos string) code {
			return func(fr *frame) lisp.Value { a := x(fr); return &lisp.Cons{Car: a, Cdr: y(fr)} }
		}},
		"eq": {arity: 2, two: func(x, y code, pos string) code {
			return func(fr *frame) lisp.Value { a := x(fr); return lisp.Bool(a == y(fr)) }
		}, test: func(x, y code, pos string) func(*frame) bool {
			return func(fr *frame) bool { a := x(fr); return a == y(fr) }
		}},
		"null": {arity: 1, one: notCode},
		"not":  {arity: 1, one: notCode},
		"zerop": {arity: 1, one: func(x code, pos string) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				if p, ok := a.(lisp.Fixnum); ok {
					return lisp.Bool(p == 0)
				}
				fr.t.pos = pos
				return lisp.Bool(lisp.IsZero(a))
			}
		}},
	}
	for _, c := range []struct {
		op string
		ok func(int) bool
	}{
		{"<", func(c int) bool { return c < 0 }},
		{">", func(c int) bool { return c > 0 }},
		{"<=", func(c int) bool { return c <= 0 }},
		{">=", func(c int) bool { return c >= 0 }},
		{"=", func(c int) bool { return c == 0 }},
	} {
		val, test := cmp(c.op, c.ok)
		inlines[c.op] = inlineFn{arity: 2, two: val, test: test, cmpK: c.ok, op: c.op}
	}
}

func notCode(x code, pos string) code {
	return func(fr *frame) lisp.Value { return lisp.Bool(x(fr) == lisp.Value(lisp.Nil)) }
}

// inline returns an open-coded call of op, or nil when op is not a
// library builtin that can be inlined with these arguments.
func (a *analyzer) inline(c *cell, op *lisp.Symbol, args []*ir) *ir {
	b, ok := c.fn.(*Builtin)
	if !ok || b.Name != printName(op) {
		return nil
	}
	f, ok := inlines[b.Name]
	if !ok {
		return nil
	}
	pos := a.pos
	// (+ a b c) is ((a + b) + c), and (- a b c) likewise.
	if f.arity == 2 && len(args) > 2 && (b.Name == "+" || b.Name == "*" || b.Name == "-") {
		acc := args[0]
		for _, x := range args[1:] {
			l, r := acc, x
			acc = &ir{gen: func(bool) code { return f.two(l.code(), r.code(), pos) }}
		}
		return acc
	}
	if len(args) != f.arity {
		return nil
	}
	if f.arity == 1 {
		x := args[0]
		return &ir{gen: func(bool) code { return f.one(x.code(), pos) }}
	}
	x, y := args[0], args[1]
	if k, ok := y.val.(lisp.Fixnum); ok && y.isConst {
		if n := constOperand(f, x, int64(k), pos); n != nil {
			return n
		}
	}
	n := &ir{gen: func(bool) code { return f.two(x.code(), y.code(), pos) }}
	if f.test != nil {
		n.test = func() func(*frame) bool { return f.test(x.code(), y.code(), pos) }
	}
	return n
}

// constOperand open-codes (op x K) for a constant fixnum K, the shape of
// (- n 1) and (< n 2).
func constOperand(f inlineFn, x *ir, k int64, pos string) *ir {
	kv := lisp.MakeInt(k)
	switch {
	case f.fixK != nil:
		fix, slow := f.fixK, f.slow
		return &ir{gen: func(bool) code {
			xc := x.code()
			return func(fr *frame) lisp.Value {
				a := xc(fr)
				if p, ok := a.(lisp.Fixnum); ok {
					if r, ok := fix(int64(p), k); ok {
						return lisp.MakeInt(r)
					}
				}
				fr.t.pos = pos
				return slow(a, kv)
			}
		}}
	case f.cmpK != nil:
		ok, op := f.cmpK, f.op
		test := func() func(*frame) bool {
			xc := x.code()
			return func(fr *frame) bool {
				a := xc(fr)
				if p, isFix := a.(lisp.Fixnum); isFix {
					switch {
					case int64(p) < k:
						return ok(-1)
					case int64(p) > k:
						return ok(1)
					}
					return ok(0)
				}
				fr.t.pos = pos
				return ok(lisp.Compare(op, a, kv))
			}
		}
		return &ir{test: test, gen: func(bool) code {
			t := test()
			return func(fr *frame) lisp.Value { return lisp.Bool(t(fr)) }
		}}
	}
	return nil
}
