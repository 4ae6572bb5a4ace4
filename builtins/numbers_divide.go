package builtins

// Division with rounding: floor, ceiling, truncate and round (each giving
// the quotient and the remainder as two values), their float-quotient
// forms ffloor … fround, mod, rem and isqrt.

import (
	"math"
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// numRounding says which way a quotient is rounded to an integer.
type numRounding int

const (
	roundFloor numRounding = iota
	roundCeiling
	roundTruncate
	roundNearest // to even on a tie
)

func registerNumbersDivide() {
	for _, d := range []struct {
		name, doc string
		mode      numRounding
	}{
		{"floor", "Divide and round toward negative infinity; return the quotient and remainder.", roundFloor},
		{"ceiling", "Divide and round toward positive infinity; return the quotient and remainder.", roundCeiling},
		{"truncate", "Divide and round toward zero; return the quotient and remainder.", roundTruncate},
		{"round", "Divide and round to the nearest integer (to even on a tie); return the quotient and remainder.", roundNearest},
	} {
		d := d
		defun(d.name, "(number &optional (divisor 1))", d.doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return numDivideValues(t, d.name, d.mode, args[0], numOptDivisor(args))
		})
		borrowsArgs()
		fast2(func(t *eval.Thread, a, b lisp.Value) lisp.Value { return numDivideValues(t, d.name, d.mode, a, b) })
		fname := "f" + d.name
		defun(fname, "(number &optional (divisor 1))", "As "+d.name+", but return the quotient as a float.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			b := numOptDivisor(args)
			q, r := numDivide(fname, d.mode, args[0], b)
			return t.Values(numFloatQuotient(d.mode, q, args[0], b), r)
		})
	}
	defun("mod", "(number divisor)", "Return the remainder of floor division: the result has the sign of the divisor.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return numMod(t, args[0], args[1])
	})
	fast2(numMod)
	defun("rem", "(number divisor)", "Return the remainder of truncating division: the result has the sign of the number.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return numRem(t, args[0], args[1])
	})
	fast2(numRem)
	defun("isqrt", "(natural)", "Return the greatest integer whose square is at most the non-negative integer.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if !lisp.IsInteger(args[0]) || lisp.Sign("isqrt", args[0]) < 0 {
			lisp.TypeError("isqrt", args[0], "a non-negative integer")
		}
		return bigOp(t, args, func() lisp.Value { return lisp.NormBig(new(big.Int).Sqrt(lisp.ToBig(args[0]))) })
	})
}

func numOptDivisor(args []lisp.Value) lisp.Value {
	if len(args) > 1 {
		return args[1]
	}
	return lisp.MakeInt(1)
}

// numMod is CL's mod: the remainder of floor, with a fixnum fast path.
func numMod(t *eval.Thread, x, y lisp.Value) lisp.Value {
	if a, ok := x.(lisp.Fixnum); ok {
		if b, ok := y.(lisp.Fixnum); ok && b > 0 {
			r := a % b
			if r < 0 {
				r += b
			}
			return lisp.MakeInt(int64(r))
		}
	}
	_, r := numDivide("mod", roundFloor, x, y)
	return r
}

// numRem is CL's rem: the remainder of truncate, with a fixnum fast path.
func numRem(t *eval.Thread, x, y lisp.Value) lisp.Value {
	if a, ok := x.(lisp.Fixnum); ok {
		if b, ok := y.(lisp.Fixnum); ok && b > 0 {
			return lisp.MakeInt(int64(a % b))
		}
	}
	_, r := numDivide("rem", roundTruncate, x, y)
	return r
}

// numDivide divides a by b, rounding the quotient to an integer as mode
// says; the remainder is a - q*b. Float arguments give a float remainder,
// as CL's (floor 7.5 2) → 3, 1.5.
func numDivide(op string, mode numRounding, a, b lisp.Value) (q, r lisp.Value) {
	numReal(op, a)
	numReal(op, b)
	if lisp.IsZero(b) {
		lisp.SignalDivisionByZero(op, "/", a, b)
	}
	if x, ok := a.(lisp.Fixnum); ok {
		if y, ok := b.(lisp.Fixnum); ok && !(x == math.MinInt64 && y == -1) {
			return numDivideFix(mode, int64(x), int64(y))
		}
	}
	_, af := a.(lisp.Float)
	_, bf := b.(lisp.Float)
	if af || bf {
		fa, fb := lisp.ToFloat(a), lisp.ToFloat(b)
		qf := numRoundFloat(mode, fa/fb)
		return numFloatToInteger(op, qf), lisp.Float(fa - qf*fb)
	}
	// Exact: a/b as a ratio N/D with D > 0.
	x := new(big.Rat).Quo(lisp.ToRat(a), lisp.ToRat(b))
	qi := numRoundRat(mode, x)
	q = lisp.NormBig(qi)
	return q, lisp.Sub(a, lisp.Mul(q, b))
}

// numDivideValues is floor, ceiling, truncate or round: the quotient and
// the remainder as two values. Fixnums, the case of a program's inner
// loops, are divided without allocating: the results are boxed in the
// thread's slab (eval.Thread.Int) and the two values travel in its
// values buffer, so (multiple-value-bind (q r) (floor n d) …) costs about
// what mod does.
func numDivideValues(t *eval.Thread, op string, mode numRounding, a, b lisp.Value) lisp.Value {
	if x, ok := a.(lisp.Fixnum); ok {
		if y, ok := b.(lisp.Fixnum); ok && y != 0 && !(x == math.MinInt64 && y == -1) {
			q, r := numDivideInt(mode, int64(x), int64(y))
			return t.Values2(t.Int(q), t.Int(r))
		}
	}
	q, r := numDivide(op, mode, a, b)
	return t.Values2(q, r)
}

func numDivideFix(mode numRounding, x, y int64) (lisp.Value, lisp.Value) {
	q, r := numDivideInt(mode, x, y)
	return lisp.MakeInt(q), lisp.MakeInt(r)
}

// numDivideInt divides x by y (not 0, and not MinInt64 by -1), rounding
// the quotient as mode says.
func numDivideInt(mode numRounding, x, y int64) (q, r int64) {
	q, r = x/y, x%y
	if r != 0 {
		switch mode {
		case roundFloor:
			if (r < 0) != (y < 0) {
				q, r = q-1, r+y
			}
		case roundCeiling:
			if (r < 0) == (y < 0) {
				q, r = q+1, r-y
			}
		case roundNearest:
			// Compare 2|r| with |y| without overflow.
			ar, ay := uint64(numAbs64(r)), uint64(numAbs64(y))
			if 2*ar > ay || (2*ar == ay && q&1 != 0) {
				if (r < 0) == (y < 0) {
					q, r = q+1, r-y
				} else {
					q, r = q-1, r+y
				}
			}
		}
	}
	return q, r
}

func numAbs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func numRoundFloat(mode numRounding, f float64) float64 {
	switch mode {
	case roundFloor:
		return math.Floor(f)
	case roundCeiling:
		return math.Ceil(f)
	case roundTruncate:
		return math.Trunc(f)
	}
	return math.RoundToEven(f)
}

// numRoundRat rounds a ratio to an integer.
func numRoundRat(mode numRounding, x *big.Rat) *big.Int {
	n, d := x.Num(), x.Denom()
	floor, rem := new(big.Int).DivMod(n, d, new(big.Int)) // Euclidean: floor for d > 0
	if rem.Sign() == 0 {
		return floor
	}
	switch mode {
	case roundCeiling:
		return floor.Add(floor, big.NewInt(1))
	case roundTruncate:
		if n.Sign() < 0 {
			return floor.Add(floor, big.NewInt(1))
		}
	case roundNearest:
		// rem/d is the fraction in (0, 1): compare 2*rem with d.
		switch new(big.Int).Lsh(rem, 1).Cmp(d) {
		case 1:
			floor.Add(floor, big.NewInt(1))
		case 0:
			if floor.Bit(0) != 0 {
				floor.Add(floor, big.NewInt(1))
			}
		}
	}
	return floor
}

// numFloatToInteger converts an integral float to a Lisp integer.
func numFloatToInteger(op string, f float64) lisp.Value {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		lisp.Errorf("%s: cannot convert %s to an integer", op, lisp.Prin1ToString(lisp.Float(f)))
	}
	if f >= -(1<<62) && f <= 1<<62 {
		return lisp.MakeInt(int64(f))
	}
	bi, _ := big.NewFloat(f).Int(nil)
	return lisp.NormBig(bi)
}

// numFloatQuotient is the quotient q of a by b as ffloor and its kin
// return it: a float, and as SBCL gives it a zero quotient of floats
// keeps the sign of a/b ((fceiling -0.5) is -0.0), except under fround,
// which SBCL computes through the integer.
func numFloatQuotient(mode numRounding, q, a, b lisp.Value) lisp.Value {
	f := lisp.ToFloat(q)
	_, af := a.(lisp.Float)
	_, bf := b.(lisp.Float)
	if f == 0 && (af || bf) && mode != roundNearest && math.Signbit(lisp.ToFloat(a)/lisp.ToFloat(b)) {
		f = math.Copysign(0, -1)
	}
	return lisp.Float(f)
}
