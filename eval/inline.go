package eval

import (
	"fmt"
	"math"
	"math/big"

	"github.com/nodelisp/nodelisp/lisp"
)

// Calls of a few library functions are open-coded: the fixnum (or cons)
// case runs in place and anything else falls back to package lisp or to
// the builtin itself. This is sound because defun may not redefine a
// builtin; a host that replaces one with Interp.Define affects only forms
// analysed afterwards.
//
// The two-operand arithmetic and comparisons are generated in shapes: an
// operand that is an uncaptured local variable is read from its slot and
// a constant fixnum is used as it is, instead of calling the operand's
// code. Operand code that ran may have left multiple values, which the
// result must not carry (values.go), so those shapes clear them.

// fixOp is a two-operand fixnum operation.
type fixOp uint8

const (
	opAdd fixOp = iota
	opSub
	opMul
	opMod
	opRem
)

// fixArith computes a op b, reporting false when the result may not be a
// fixnum or the operands need the general case (a zero divisor).
func fixArith(op fixOp, a, b int64) (int64, bool) {
	switch op {
	case opAdd:
		s := a + b
		return s, (s > a) == (b > 0)
	case opSub:
		s := a - b
		return s, (s < a) == (b > 0)
	case opMul:
		if a > -(1<<31) && a < 1<<31 && b > -(1<<31) && b < 1<<31 {
			return a * b, true
		}
	case opMod:
		if b != 0 {
			r := a % b
			if r != 0 && (r < 0) != (b < 0) {
				r += b
			}
			return r, true
		}
	case opRem:
		if b != 0 {
			return a % b, true
		}
	}
	return 0, false
}

// cmpOp is a fixnum comparison.
type cmpOp uint8

const (
	opLT cmpOp = iota
	opGT
	opLE
	opGE
	opEQ
)

func fixCmp(op cmpOp, a, b int64) bool {
	switch op {
	case opLT:
		return a < b
	case opGT:
		return a > b
	case opLE:
		return a <= b
	case opGE:
		return a >= b
	}
	return a == b
}

// cmpResult turns lisp.Compare's answer into op's.
func cmpResult(op cmpOp, c int) bool {
	switch op {
	case opLT:
		return c < 0
	case opGT:
		return c > 0
	case opLE:
		return c <= 0
	case opGE:
		return c >= 0
	}
	return c == 0
}

// slow2 is the general case of a two-operand function.
type slow2 func(t *Thread, a, b lisp.Value) lisp.Value

func lispSlow(f func(a, b lisp.Value) lisp.Value) slow2 {
	return func(_ *Thread, a, b lisp.Value) lisp.Value { return f(a, b) }
}

// mulSlow is the general case of an open-coded *: a product of bignums
// long enough to matter is reserved against the memory cap before it is
// computed and booked to the image after, as the * builtin does
// (builtins/bignum_memory.go), so a cell that keeps many fresh products
// meets its cap (issue 29).
func mulSlow(t *Thread, a, b lisp.Value) lisp.Value {
	x, xBig := a.(*big.Int)
	y, yBig := b.(*big.Int)
	if !xBig && !yBig {
		return lisp.Mul(a, b)
	}
	var bits int64
	if xBig {
		bits += int64(x.BitLen())
	}
	if yBig {
		bits += int64(y.BitLen())
	}
	bytes := bits / 8
	if bytes < BigAllocation || bits > lisp.MaxIntegerBits {
		return lisp.Mul(a, b) // small, or refused by Mul with its own error
	}
	t.Reserve(bytes, fmt.Sprintf("* of %d bits", bits))
	r := lisp.Mul(a, b)
	if z, ok := r.(*big.Int); ok {
		Hold(t, z, int64(z.BitLen())/8)
	}
	return r
}

// builtinSlow calls the builtin being open-coded.
func builtinSlow(b *Builtin) slow2 {
	return func(t *Thread, x, y lisp.Value) lisp.Value { return b.Fn(t, []lisp.Value{x, y}) }
}

// operands describes how generated code gets the two operands of x op y.
type operands struct {
	xs, ys     int // slots, when xSlot / ySlot
	xSlot      bool
	ySlot      bool
	yConst     bool
	k          int64      // y's value when yConst
	kv         lisp.Value // the same as a Value
	xc, yc     code       // operand code otherwise
	ranOperand bool       // some operand is code that runs
}

func operandsOf(x, y *ir) operands {
	var o operands
	o.xs, o.xSlot = x.slot()
	if k, ok := y.val.(lisp.Fixnum); ok && y.isConst {
		o.yConst, o.k, o.kv = true, int64(k), y.val
	} else {
		o.ys, o.ySlot = y.slot()
	}
	if !o.xSlot {
		o.xc = x.code()
	}
	if !o.ySlot && !o.yConst {
		o.yc = y.code()
	}
	o.ranOperand = !o.xSlot || !(o.ySlot || o.yConst)
	return o
}

// arithIR is the open-coded x op y, as code that boxes its result and as
// raw code for an open-coded operation around it.
func arithIR(op fixOp, x, y *ir, slow slow2, pos *lisp.Pos) *ir {
	return &ir{
		gen: func(bool) code { return arithCode(op, x, y, slow, pos) },
		raw: func() rawCode { return arithRaw(op, x, y, slow, pos) },
	}
}

// arithCode generates x op y.
func arithCode(op fixOp, x, y *ir, slow slow2, pos *lisp.Pos) code {
	if hasRaw(x) || hasRaw(y) {
		r := arithRaw(op, x, y, slow, pos)
		return func(fr *frame) lisp.Value { return fr.t.boxed(r(fr)) }
	}
	o := operandsOf(x, y)
	general := func(fr *frame, a, b lisp.Value) lisp.Value {
		fr.t.pos = pos
		return slow(fr.t, a, b)
	}
	xs, ys, k, kv, xc, yc := o.xs, o.ys, o.k, o.kv, o.xc, o.yc
	// x + k and x - k, the commonest shapes by far ((- n 1), (+ i 1)), add
	// in place: fixArith is too large for Go to inline, and its call and
	// switch were a tenth of a call of fib. kv stays the constant as
	// written, for the general case.
	addK := o.yConst && (op == opAdd || op == opSub && k != math.MinInt64)
	if addK && op == opSub {
		k = -k
	}
	switch {
	case addK && o.xSlot:
		return func(fr *frame) lisp.Value {
			a := fr.s[xs]
			if p, ok := a.(lisp.Fixnum); ok {
				if s := int64(p) + k; (int64(p)^s)&(k^s) >= 0 {
					return fr.t.fix(s)
				}
			}
			return general(fr, a, kv)
		}
	case addK:
		return func(fr *frame) lisp.Value {
			a := xc(fr)
			fr.t.mvSet = false
			if p, ok := a.(lisp.Fixnum); ok {
				if s := int64(p) + k; (int64(p)^s)&(k^s) >= 0 {
					return fr.t.fix(s)
				}
			}
			return general(fr, a, kv)
		}
	case o.xSlot && o.yConst:
		return func(fr *frame) lisp.Value {
			a := fr.s[xs]
			if p, ok := a.(lisp.Fixnum); ok {
				if r, ok := fixArith(op, int64(p), k); ok {
					return fr.t.fix(r)
				}
			}
			return general(fr, a, kv)
		}
	case o.xSlot && o.ySlot:
		return func(fr *frame) lisp.Value {
			a, b := fr.s[xs], fr.s[ys]
			if p, ok := a.(lisp.Fixnum); ok {
				if q, ok := b.(lisp.Fixnum); ok {
					if r, ok := fixArith(op, int64(p), int64(q)); ok {
						return fr.t.fix(r)
					}
				}
			}
			return general(fr, a, b)
		}
	case o.xSlot:
		return func(fr *frame) lisp.Value {
			a := fr.s[xs] // before y's code runs, which may assign it
			b := yc(fr)
			fr.t.mvSet = false
			if p, ok := a.(lisp.Fixnum); ok {
				if q, ok := b.(lisp.Fixnum); ok {
					if r, ok := fixArith(op, int64(p), int64(q)); ok {
						return fr.t.fix(r)
					}
				}
			}
			return general(fr, a, b)
		}
	case o.yConst:
		return func(fr *frame) lisp.Value {
			a := xc(fr)
			fr.t.mvSet = false
			if p, ok := a.(lisp.Fixnum); ok {
				if r, ok := fixArith(op, int64(p), k); ok {
					return fr.t.fix(r)
				}
			}
			return general(fr, a, kv)
		}
	case o.ySlot:
		return func(fr *frame) lisp.Value {
			a := xc(fr)
			b := fr.s[ys]
			fr.t.mvSet = false
			if p, ok := a.(lisp.Fixnum); ok {
				if q, ok := b.(lisp.Fixnum); ok {
					if r, ok := fixArith(op, int64(p), int64(q)); ok {
						return fr.t.fix(r)
					}
				}
			}
			return general(fr, a, b)
		}
	}
	return func(fr *frame) lisp.Value {
		a := xc(fr)
		b := yc(fr)
		fr.t.mvSet = false
		if p, ok := a.(lisp.Fixnum); ok {
			if q, ok := b.(lisp.Fixnum); ok {
				if r, ok := fixArith(op, int64(p), int64(q)); ok {
					return fr.t.fix(r)
				}
			}
		}
		return general(fr, a, b)
	}
}

// cmpTest generates the test x op y for if and tagbody jumps, which clear
// multiple values themselves.
func cmpTest(op cmpOp, name string, x, y *ir, pos *lisp.Pos) func(*frame) bool {
	o := operandsOf(x, y)
	general := func(fr *frame, a, b lisp.Value) bool {
		fr.t.pos = pos
		return cmpResult(op, lisp.Compare(name, a, b))
	}
	xs, ys, k, kv, xc, yc := o.xs, o.ys, o.k, o.kv, o.xc, o.yc
	switch {
	case o.xSlot && o.yConst:
		return func(fr *frame) bool {
			a := fr.s[xs]
			if p, ok := a.(lisp.Fixnum); ok {
				return fixCmp(op, int64(p), k)
			}
			return general(fr, a, kv)
		}
	case o.xSlot && o.ySlot:
		return func(fr *frame) bool {
			a, b := fr.s[xs], fr.s[ys]
			if p, ok := a.(lisp.Fixnum); ok {
				if q, ok := b.(lisp.Fixnum); ok {
					return fixCmp(op, int64(p), int64(q))
				}
			}
			return general(fr, a, b)
		}
	case o.yConst:
		return func(fr *frame) bool {
			a := xc(fr)
			if p, ok := a.(lisp.Fixnum); ok {
				return fixCmp(op, int64(p), k)
			}
			return general(fr, a, kv)
		}
	}
	get := func(fr *frame) (lisp.Value, lisp.Value) {
		var a, b lisp.Value
		if o.xSlot {
			a = fr.s[xs]
		} else {
			a = xc(fr)
		}
		if o.ySlot {
			b = fr.s[ys]
		} else {
			b = yc(fr)
		}
		return a, b
	}
	return func(fr *frame) bool {
		a, b := get(fr)
		if p, ok := a.(lisp.Fixnum); ok {
			if q, ok := b.(lisp.Fixnum); ok {
				return fixCmp(op, int64(p), int64(q))
			}
		}
		return general(fr, a, b)
	}
}

// inlineFn is an open-codable function.
type inlineFn struct {
	arity int
	// arith is the fixnum operation of +, -, * and the like; slow their
	// general case (nil: call the builtin).
	arith  bool
	op     fixOp
	slow   slow2
	cmp    bool
	cmpOp  cmpOp
	varArg bool // (f a b c) is ((a f b) f c)
	// one and two build the code of other functions from the argument
	// codes.
	one func(x code, pos *lisp.Pos) code
	two func(x, y code, pos *lisp.Pos) code
	// test1 and test2, when set, generate the form as a test for if.
	test1 func(x code) func(*frame) bool
	test2 func(x, y code) func(*frame) bool
}

var inlines map[string]inlineFn

func init() {
	inlines = map[string]inlineFn{
		"+":   {arity: 2, arith: true, op: opAdd, slow: lispSlow(lisp.Add), varArg: true},
		"-":   {arity: 2, arith: true, op: opSub, slow: lispSlow(lisp.Sub), varArg: true},
		"*":   {arity: 2, arith: true, op: opMul, slow: mulSlow, varArg: true},
		"mod": {arity: 2, arith: true, op: opMod},
		"rem": {arity: 2, arith: true, op: opRem},
		"<":   {arity: 2, cmp: true, cmpOp: opLT},
		">":   {arity: 2, cmp: true, cmpOp: opGT},
		"<=":  {arity: 2, cmp: true, cmpOp: opLE},
		">=":  {arity: 2, cmp: true, cmpOp: opGE},
		"=":   {arity: 2, cmp: true, cmpOp: opEQ},
		"car": {arity: 1, one: func(x code, pos *lisp.Pos) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				fr.t.mvSet = false
				if c, ok := a.(*lisp.Cons); ok {
					return c.Car
				}
				fr.t.pos = pos
				return lisp.Car(a)
			}
		}},
		"cdr": {arity: 1, one: func(x code, pos *lisp.Pos) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				fr.t.mvSet = false
				if c, ok := a.(*lisp.Cons); ok {
					return c.Cdr
				}
				fr.t.pos = pos
				return lisp.Cdr(a)
			}
		}},
		"cons": {arity: 2, two: func(x, y code, pos *lisp.Pos) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				d := y(fr)
				fr.t.mvSet = false
				return &lisp.Cons{Car: a, Cdr: d}
			}
		}},
		"eq": {arity: 2, two: func(x, y code, pos *lisp.Pos) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				b := y(fr)
				fr.t.mvSet = false
				return lisp.Bool(lisp.Eq(a, b))
			}
		}, test2: func(x, y code) func(*frame) bool {
			return func(fr *frame) bool { a := x(fr); return lisp.Eq(a, y(fr)) }
		}},
		"null": {arity: 1, one: notCode, test1: notTest},
		"not":  {arity: 1, one: notCode, test1: notTest},
		"zerop": {arity: 1, one: func(x code, pos *lisp.Pos) code {
			return func(fr *frame) lisp.Value {
				a := x(fr)
				fr.t.mvSet = false
				if p, ok := a.(lisp.Fixnum); ok {
					return lisp.Bool(p == 0)
				}
				fr.t.pos = pos
				return lisp.Bool(lisp.IsZero(a))
			}
		}},
	}
}

func notTest(x code) func(*frame) bool {
	return func(fr *frame) bool { return x(fr) == lisp.Value(lisp.Nil) }
}

func notCode(x code, pos *lisp.Pos) code {
	return func(fr *frame) lisp.Value {
		a := x(fr)
		fr.t.mvSet = false
		return lisp.Bool(a == lisp.Value(lisp.Nil))
	}
}

// incr open-codes (1+ x) and (1- x), named name: x plus d, or in general
// slow(x, 1), after the builtin's own type check.
func incr(name string, x *ir, d int64, op func(a, b lisp.Value) lisp.Value, pos *lisp.Pos) *ir {
	one := lisp.MakeInt(1)
	slow := func(a, b lisp.Value) lisp.Value {
		if !lisp.IsNumber(a) {
			lisp.TypeError(name, a, "a number")
		}
		return op(a, b)
	}
	return &ir{gen: func(bool) code {
		if i, ok := x.slot(); ok {
			return func(fr *frame) lisp.Value {
				a := fr.s[i]
				if p, ok := a.(lisp.Fixnum); ok && p < 1<<62 && p > -(1<<62) {
					return fr.t.fix(int64(p) + d)
				}
				fr.t.pos = pos
				return slow(a, one)
			}
		}
		xc := x.code()
		return func(fr *frame) lisp.Value {
			a := xc(fr)
			fr.t.mvSet = false
			if p, ok := a.(lisp.Fixnum); ok && p < 1<<62 && p > -(1<<62) {
				return fr.t.fix(int64(p) + d)
			}
			fr.t.pos = pos
			return slow(a, one)
		}
	}}
}

// inline returns an open-coded call of op, or nil when op is not a
// library builtin that can be inlined with these arguments.
func (a *analyzer) inline(c *cell, op *lisp.Symbol, args []*ir) *ir {
	b, ok := c.fn.(*Builtin)
	if !ok || b.Name != printName(op) {
		return nil
	}
	pos := a.pos
	switch b.Name {
	case "1+":
		if len(args) == 1 {
			return incr("1+", args[0], 1, lisp.Add, pos)
		}
		return nil
	case "1-":
		if len(args) == 1 {
			return incr("1-", args[0], -1, lisp.Sub, pos)
		}
		return nil
	}
	f, ok := inlines[b.Name]
	if !ok {
		return nil
	}
	slow := f.slow
	if slow == nil {
		slow = builtinSlow(b)
	}
	// (+ a b c) is ((a + b) + c), and (- a b c) likewise.
	if f.varArg && len(args) > 2 {
		acc := args[0]
		for _, x := range args[1:] {
			l, r := acc, x
			acc = arithIR(f.op, l, r, slow, pos)
		}
		return acc
	}
	if len(args) != f.arity {
		return nil
	}
	if f.arity == 1 {
		x := args[0]
		n := &ir{gen: func(bool) code { return f.one(x.code(), pos) }}
		if f.test1 != nil {
			n.test = func() func(*frame) bool { return f.test1(x.code()) }
		}
		return n
	}
	x, y := args[0], args[1]
	switch {
	case f.arith:
		return arithIR(f.op, x, y, slow, pos)
	case f.cmp:
		test := func() func(*frame) bool { return cmpTest(f.cmpOp, b.Name, x, y, pos) }
		return &ir{test: test, gen: func(bool) code {
			tc := test()
			return func(fr *frame) lisp.Value { r := tc(fr); fr.t.mvSet = false; return lisp.Bool(r) }
		}}
	}
	n := &ir{gen: func(bool) code { return f.two(x.code(), y.code(), pos) }}
	if f.test2 != nil {
		n.test = func() func(*frame) bool { return f.test2(x.code(), y.code()) }
	}
	return n
}
