package eval

import "github.com/nodelisp/nodelisp/lisp"

// Nested open-coded arithmetic without boxing. In (+ s (mod (* i i) 7))
// the product and the remainder are used only by the operation around
// them, yet each was boxed as a Value (a slab slot for the product) and
// unboxed again by its user. An open-coded operation whose operand is
// itself open-coded arithmetic takes that operand's raw code instead: a
// fixnum result comes back as an int64, and only the outermost operation
// boxes.

// rawCode runs open-coded arithmetic. It returns (n, nil) when the result
// is the fixnum n, and (0, v) for any other result v of the general case
// (which may also be a fixnum).
type rawCode func(fr *frame) (int64, lisp.Value)

// hasRaw reports whether the operand n is open-coded arithmetic that can
// hand its result over unboxed, and is not read in place (a slot or a
// constant, which operandsOf already reads without code).
func hasRaw(n *ir) bool {
	if n.raw == nil || n.isConst {
		return false
	}
	_, slot := n.slot()
	return !slot
}

// rawOperand returns code giving n's value as rawCode does: an unboxed
// fixnum, or the value.
func rawOperand(n *ir) rawCode {
	if hasRaw(n) {
		return n.raw()
	}
	if s, ok := n.slot(); ok {
		return func(fr *frame) (int64, lisp.Value) {
			if p, ok := fr.s[s].(lisp.Fixnum); ok {
				return int64(p), nil
			}
			return 0, fr.s[s]
		}
	}
	if k, ok := n.val.(lisp.Fixnum); ok && n.isConst {
		return func(*frame) (int64, lisp.Value) { return int64(k), nil }
	}
	c := n.code()
	return func(fr *frame) (int64, lisp.Value) {
		v := c(fr)
		if p, ok := v.(lisp.Fixnum); ok {
			return int64(p), nil
		}
		return 0, v
	}
}

// boxed returns a Value for a rawCode result.
func (t *Thread) boxed(n int64, v lisp.Value) lisp.Value {
	if v != nil {
		return v
	}
	return t.fix(n)
}

// arithRaw generates x op y as rawCode. Operands are evaluated left to
// right; when either ran code, multiple values it left are cleared, as
// arithCode's shapes do.
func arithRaw(op fixOp, x, y *ir, slow slow2, pos *lisp.Pos) rawCode {
	general := func(fr *frame, a int64, av lisp.Value, b int64, bv lisp.Value) (int64, lisp.Value) {
		fr.t.pos = pos
		return 0, slow(fr.t, fr.t.boxed(a, av), fr.t.boxed(b, bv))
	}
	// The operands' shapes, without generating their code (operandsOf
	// would): each operand's code is generated once, below, or a nest of
	// n operations would generate 2^n.
	var o operands
	o.xs, o.xSlot = x.slot()
	if kk, ok := y.val.(lisp.Fixnum); ok && y.isConst {
		o.yConst, o.k, o.kv = true, int64(kk), y.val
	} else {
		o.ys, o.ySlot = y.slot()
	}
	o.ranOperand = !o.xSlot || !(o.ySlot || o.yConst)
	xs, ys, k := o.xs, o.ys, o.k
	switch {
	case o.xSlot && o.yConst:
		return func(fr *frame) (int64, lisp.Value) {
			a := fr.s[xs]
			if p, ok := a.(lisp.Fixnum); ok {
				if r, ok := fixArith(op, int64(p), k); ok {
					return r, nil
				}
			}
			fr.t.pos = pos
			return 0, slow(fr.t, a, o.kv)
		}
	case o.xSlot && o.ySlot:
		return func(fr *frame) (int64, lisp.Value) {
			a, b := fr.s[xs], fr.s[ys]
			if p, ok := a.(lisp.Fixnum); ok {
				if q, ok := b.(lisp.Fixnum); ok {
					if r, ok := fixArith(op, int64(p), int64(q)); ok {
						return r, nil
					}
				}
			}
			fr.t.pos = pos
			return 0, slow(fr.t, a, b)
		}
	case o.yConst && hasRaw(x):
		xr := x.raw()
		return func(fr *frame) (int64, lisp.Value) {
			a, av := xr(fr)
			fr.t.mvSet = false
			if av == nil {
				if r, ok := fixArith(op, a, k); ok {
					return r, nil
				}
			}
			return general(fr, a, av, k, nil)
		}
	case o.xSlot && hasRaw(y):
		yr := y.raw()
		return func(fr *frame) (int64, lisp.Value) {
			a := fr.s[xs] // before y, which may assign it
			b, bv := yr(fr)
			fr.t.mvSet = false
			if p, ok := a.(lisp.Fixnum); ok && bv == nil {
				if r, ok := fixArith(op, int64(p), b); ok {
					return r, nil
				}
			}
			return general(fr, 0, a, b, bv)
		}
	}
	xr, yr := rawOperand(x), rawOperand(y)
	ran := o.ranOperand
	return func(fr *frame) (int64, lisp.Value) {
		a, av := xr(fr)
		b, bv := yr(fr)
		if ran {
			fr.t.mvSet = false
		}
		if av == nil && bv == nil {
			if r, ok := fixArith(op, a, b); ok {
				return r, nil
			}
		}
		return general(fr, a, av, b, bv)
	}
}
