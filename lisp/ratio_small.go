package lisp

import (
	"math/big"
	"math/bits"
)

// Ratios of small integers (1/3, 22/7) are combined in int64 arithmetic:
// with every numerator and denominator below 2^31 in magnitude, the cross
// products and their sum fit an int64, and one word-sized gcd reduces the
// result. Only the result is a big.Rat.

// smallLimit bounds the parts of a ratio that takes the int64 path.
const smallLimit = 1 << 31

// smallParts returns a rational's numerator and denominator as int64s
// when both are below smallLimit in magnitude.
func smallParts(v Value) (num, den int64, ok bool) {
	switch x := v.(type) {
	case Fixnum:
		if x > -smallLimit && x < smallLimit {
			return int64(x), 1, true
		}
	case *big.Rat:
		n, d := x.Num(), x.Denom()
		if n.BitLen() < 32 && d.BitLen() < 32 {
			return n.Int64(), d.Int64(), true
		}
	}
	return 0, 0, false
}

// smallRatio returns num/den reduced, for den > 0 and both of any size an
// int64 holds except math.MinInt64.
func smallRatio(num, den int64) Value {
	g := int64(gcd64(uint64(abs64(num)), uint64(den)))
	if g > 1 {
		num, den = num/g, den/g
	}
	if den == 1 {
		return MakeInt(num)
	}
	r := new(big.Rat).SetInt64(num)
	r.Denom().SetInt64(den)
	return r
}

// gcd64 is Stein's binary gcd; gcd64(0, b) is b.
func gcd64(a, b uint64) uint64 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	shift := bits.TrailingZeros64(a | b)
	a >>= bits.TrailingZeros64(a)
	for b != 0 {
		b >>= bits.TrailingZeros64(b)
		if a > b {
			a, b = b, a
		}
		b -= a
	}
	return a << shift
}

// smallArith returns a op b for op one of + - * / when both operands are
// small rationals, and false when they are not. b is not zero for /.
func smallArith(op byte, a, b Value) (Value, bool) {
	an, ad, ok := smallParts(a)
	if !ok {
		return nil, false
	}
	bn, bd, ok := smallParts(b)
	if !ok {
		return nil, false
	}
	switch op {
	case '+':
		return smallRatio(an*bd+bn*ad, ad*bd), true
	case '-':
		return smallRatio(an*bd-bn*ad, ad*bd), true
	case '*':
		return smallRatio(an*bn, ad*bd), true
	}
	if bn < 0 {
		an, bn = -an, -bn
	}
	return smallRatio(an*bd, ad*bn), true
}
