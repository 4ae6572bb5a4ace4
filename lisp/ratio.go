package lisp

import (
	"math/big"
	"sync"
)

// Exact rational arithmetic without a full gcd per operation. math/big's
// Rat reduces every result with a gcd of the full numerator and
// denominator, which for a ratio of n digits costs O(n²): a loop that
// folds a continued fraction (x ← 1/(2+x)) spent nearly all its time
// there. The operands of a Lisp operation are already in lowest terms, so
// Knuth's algorithms (TAOCP vol. 2, 4.5.1) reduce with gcds of smaller
// numbers or none: an integer plus a ratio, or a reciprocal, is already
// reduced; a product needs the gcds of each numerator with the other
// denominator; a sum needs the gcd of the denominators and one more with
// that gcd.

// bigOne is the denominator of an integer seen as a ratio. It is shared,
// so nothing may write to it.
var bigOne = big.NewInt(1)

// intView returns an integer value as a *big.Int to read, not to write:
// a bignum itself, a small fixnum's shared copy, or any other fixnum
// stored into tmp.
func intView(v Value, tmp *big.Int) *big.Int {
	switch n := v.(type) {
	case Fixnum:
		if n >= -viewMax && n <= viewMax {
			intViewsOnce.Do(fillIntViews)
			return &intViews[n+viewMax]
		}
		return tmp.SetInt64(int64(n))
	case *big.Int:
		return n
	}
	return nil
}

// ratParts returns the numerator and denominator of a rational, to read
// and not to write: a ratio's own, or an integer's over bigOne.
func ratParts(v Value, tmp *big.Int) (num, den *big.Int) {
	if r, ok := v.(*big.Rat); ok {
		return r.Num(), r.Denom()
	}
	return intView(v, tmp), bigOne
}

// intViews holds the fixnums -viewMax…viewMax as *big.Int, so that the
// common bignum-times-small-integer costs no allocation for the small
// one. Their words live in viewWords; nothing may write to either. They
// are filled on first use, not at start-up, which most programs finish
// without a bignum.
const viewMax = 1024

var (
	viewWords    [viewMax + 1]big.Word
	intViews     [2*viewMax + 1]big.Int
	intViewsOnce sync.Once
)

func fillIntViews() {
	for i := range viewWords {
		viewWords[i] = big.Word(i)
	}
	for i := -viewMax; i <= viewMax; i++ {
		z := &intViews[i+viewMax]
		if i < 0 {
			z.SetBits(viewWords[-i : -i+1 : -i+1]).Neg(z)
		} else {
			z.SetBits(viewWords[i : i+1 : i+1])
		}
	}
}

func isOne(d *big.Int) bool { return d.BitLen() == 1 && d.Sign() > 0 }

// makeRatio returns num/den, which the caller has reduced to lowest terms
// with den positive, as an integer when den is 1. Writing through Num and
// Denom skips the gcd SetFrac would do again, and SetBits takes num's and
// den's words instead of copying them (a copy of each part was a quarter
// of folding a 10,000-term continued fraction): Lisp numbers are never
// changed once made, so the ratio may share them with num, den or an
// operand they came from.
func makeRatio(num, den *big.Int) Value {
	if isOne(den) || num.Sign() == 0 {
		// An integer copies num: it may be an operand's part, even a
		// caller's temporary (intView's), which must stay on its stack.
		if num.IsInt64() {
			return MakeInt(num.Int64())
		}
		return new(big.Int).Set(num)
	}
	// A zero Rat has no denominator to write through; Inv moves den's
	// words from the numerator into it (and leaves a one word in their
	// place) where SetInt64(1) allocated two.
	r := new(big.Rat)
	r.Num().SetBits(den.Bits())
	r.Inv(r)
	n := r.Num().SetBits(num.Bits())
	if num.Sign() < 0 {
		n.Neg(n)
	}
	return r
}

// ratAddSub returns a+b, or a-b when sub is set, for rationals a and b.
func ratAddSub(a, b Value, sub bool) Value {
	op := byte('+')
	if sub {
		op = '-'
	}
	if v, ok := smallArith(op, a, b); ok {
		return v
	}
	var ta, tb big.Int
	an, ad := ratParts(a, &ta)
	bn, bd := ratParts(b, &tb)
	combine := func(z, x, y *big.Int) *big.Int {
		if sub {
			return z.Sub(x, y)
		}
		return z.Add(x, y)
	}
	switch {
	case isOne(ad) && isOne(bd):
		return NormBig(combine(new(big.Int), an, bn))
	case isOne(bd):
		// a/d ± n = (a ± n·d)/d, and gcd(a ± n·d, d) = gcd(a, d) = 1.
		t := new(big.Int).Mul(bn, ad)
		return makeRatio(combine(t, an, t), ad)
	case isOne(ad):
		t := new(big.Int).Mul(an, bd)
		return makeRatio(combine(t, t, bn), bd)
	}
	d1 := new(big.Int).GCD(nil, nil, ad, bd)
	if isOne(d1) {
		x := new(big.Int).Mul(an, bd)
		y := new(big.Int).Mul(bn, ad)
		return makeRatio(combine(x, x, y), y.Mul(ad, bd))
	}
	// With d1 = gcd(b, d): t = a·(d/d1) ± c·(b/d1), d2 = gcd(t, d1), and
	// the sum is (t/d2) / ((b/d1)·(d/d2)).
	adq := new(big.Int).Quo(ad, d1)
	bdq := new(big.Int).Quo(bd, d1)
	x := new(big.Int).Mul(an, bdq)
	y := new(big.Int).Mul(bn, adq)
	t := combine(x, x, y)
	if t.Sign() == 0 {
		return MakeInt(0)
	}
	d2 := y.GCD(nil, nil, t, d1)
	if !isOne(d2) {
		t.Quo(t, d2)
		bdq.Quo(bd, d2)
	} else {
		bdq = bd
	}
	return makeRatio(t, adq.Mul(adq, bdq))
}

// ratMul returns a·b for rationals a and b.
func ratMul(a, b Value) Value {
	if v, ok := smallArith('*', a, b); ok {
		return v
	}
	var ta, tb big.Int
	an, ad := ratParts(a, &ta)
	bn, bd := ratParts(b, &tb)
	return ratMulParts(an, ad, bn, bd)
}

// ratDiv returns a/b for rationals a and b, b not zero: a times b's
// reciprocal, whose parts are b's swapped.
func ratDiv(a, b Value) Value {
	if v, ok := smallArith('/', a, b); ok {
		return v
	}
	var ta, tb big.Int
	an, ad := ratParts(a, &ta)
	bn, bd := ratParts(b, &tb)
	if bn.Sign() < 0 {
		return ratMulParts(an, ad, new(big.Int).Neg(bd), new(big.Int).Neg(bn))
	}
	return ratMulParts(an, ad, bd, bn)
}

// ratMulParts returns (an/ad)·(bn/bd), each factor in lowest terms with a
// positive denominator: (an/g1)(bn/g2) / ((ad/g2)(bd/g1)) with g1 =
// gcd(an, bd) and g2 = gcd(bn, ad).
func ratMulParts(an, ad, bn, bd *big.Int) Value {
	checkProductBits(an.BitLen()+ad.BitLen(), bn.BitLen()+bd.BitLen())
	if an.Sign() == 0 || bn.Sign() == 0 {
		return MakeInt(0)
	}
	an, bd = cancel(an, bd)
	bn, ad = cancel(bn, ad)
	return makeRatio(product(an, bn), product(ad, bd))
}

// product returns x·y, or the other factor itself when one is 1: (/ 1 r)
// multiplies r's parts by one, and a multiplication would copy them.
func product(x, y *big.Int) *big.Int {
	switch {
	case isOne(x):
		return y
	case isOne(y):
		return x
	}
	return new(big.Int).Mul(x, y)
}

// cancel divides n and d by their gcd, returning fresh values when it is
// not 1 and the same ones otherwise (at once when either is ±1).
func cancel(n, d *big.Int) (*big.Int, *big.Int) {
	if isOne(d) || n.BitLen() == 1 {
		return n, d
	}
	g := new(big.Int).GCD(nil, nil, n, d)
	if isOne(g) {
		return n, d
	}
	return new(big.Int).Quo(n, g), g.Quo(d, g)
}

// ratCompare orders rationals a and b by cross-multiplying.
func ratCompare(a, b Value) int {
	var ta, tb big.Int
	an, ad := ratParts(a, &ta)
	bn, bd := ratParts(b, &tb)
	if s, t := an.Sign(), bn.Sign(); s != t {
		if s < t {
			return -1
		}
		return 1
	}
	var x, y big.Int
	return x.Mul(an, bd).Cmp(y.Mul(bn, ad))
}
