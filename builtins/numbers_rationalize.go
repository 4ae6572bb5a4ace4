package builtins

// rationalize: the simplest rational that reads back as the same float.
// Every real strictly between a float's half-way points to its
// neighbours rounds to that float, so the answer is the rational of
// smallest denominator in that open interval, found by the continued
// fraction of the interval's ends (the loop runs once per partial
// quotient, at most about a thousand times for a double).

import (
	"math"
	"math/big"

	"github.com/nodelisp/nodelisp/lisp"
)

// numRationalize is CL's rationalize of a real.
func numRationalize(v lisp.Value) lisp.Value {
	numReal("rationalize", v)
	f, ok := v.(lisp.Float)
	if !ok {
		return v
	}
	x := float64(f)
	if math.IsInf(x, 0) || math.IsNaN(x) {
		lisp.Errorf("rationalize: %s has no rational value", lisp.Prin1ToString(v))
	}
	if _, e := floatBits(x); x == 0 || e >= 0 {
		// A float with no fraction bits is its own integer, as SBCL
		// answers, though a smaller integer may round to it.
		return numRational("rationalize", v)
	}
	lo, hi := floatRoundingInterval(math.Abs(x))
	r := simplestBetween(lo, hi)
	if x < 0 {
		r.Neg(r)
	}
	return lisp.NormRat(r)
}

// floatRoundingInterval returns the ends of the reals that round to the
// positive finite x: half-way to the next float below and above. Below a
// power of two the float below is nearer, by half, unless x is the
// smallest normal or a denormal, whose spacing is the same both sides.
func floatRoundingInterval(x float64) (lo, hi *big.Rat) {
	m, e := floatBits(x)
	exact := new(big.Rat).SetFloat64(x)
	half := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 1))
	ulp := ratPow2(e)
	hi = new(big.Rat).Add(exact, new(big.Rat).Mul(ulp, half))
	below := new(big.Rat).Mul(ulp, half)
	if m == 1<<(floatDigits-1) && e > -1074 {
		below.Mul(below, half)
	}
	lo = new(big.Rat).Sub(exact, below)
	return lo, hi
}

// ratPow2 is 2^e as a rational.
func ratPow2(e int) *big.Rat {
	if e >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-e)))
}

// simplestBetween is the rational of smallest denominator strictly
// between lo and hi, 0 <= lo < hi. Written as a continued fraction, each
// step takes the common integer part of both ends and continues with the
// reciprocals of what is left, until an integer fits between them.
func simplestBetween(lo, hi *big.Rat) *big.Rat {
	var quotients []*big.Int
	a, b := new(big.Rat).Set(lo), new(big.Rat).Set(hi) // b may become infinite: nil
	for {
		fl := ratFloor(a)
		next := new(big.Int).Add(fl, big.NewInt(1))
		if b == nil || new(big.Rat).SetInt(next).Cmp(b) < 0 {
			quotients = append(quotients, next)
			break
		}
		quotients = append(quotients, fl)
		// Both ends lie in [fl, fl+1]: continue with 1/(b-fl) < 1/(a-fl).
		flr := new(big.Rat).SetInt(fl)
		da := new(big.Rat).Sub(a, flr)
		db := new(big.Rat).Sub(b, flr)
		a = db.Inv(db)
		if da.Sign() == 0 {
			b = nil
		} else {
			b = da.Inv(da)
		}
	}
	r := new(big.Rat).SetInt(quotients[len(quotients)-1])
	for i := len(quotients) - 2; i >= 0; i-- {
		r.Inv(r)
		r.Add(r, new(big.Rat).SetInt(quotients[i]))
	}
	return r
}

// ratFloor is the largest integer not above the non-negative r.
func ratFloor(r *big.Rat) *big.Int {
	return new(big.Int).Quo(r.Num(), r.Denom())
}
