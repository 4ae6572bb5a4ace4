package lisp

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// formatFloat prints a double as SBCL does: the shortest digits that read
// back to the same value, in fixed notation when 1e-3 <= |f| < 1e7 and in
// exponent notation otherwise (1.0e7, 1.5e-10), always with a digit on each
// side of the point. Subnormals get the digits subnormalDigits finds, as
// SBCL prints them, and infinities print as SBCL's #. forms; SBCL signals
// an error before it can make a NaN, so NaN prints as an unreadable
// object.
func formatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "#<double-float quiet NaN>"
	case math.IsInf(f, 1):
		return "#.double-float-positive-infinity"
	case math.IsInf(f, -1):
		return "#.double-float-negative-infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	a := math.Abs(f)
	if a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	// 'e' gives d.ddde±XX; SBCL writes d.ddde±X with no plus sign and at
	// least one fraction digit.
	var s string
	if a < 0x1p-1022 {
		s = subnormalDigits(f)
	} else {
		s = strconv.FormatFloat(f, 'e', -1, 64)
	}
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	n, _ := strconv.Atoi(exp)
	return mant + "e" + strconv.Itoa(n)
}

// subnormalDigits formats a subnormal double in 'e' form as SBCL prints
// it: the fewest significant digits within the rounding interval of a
// double of full precision there (its significand shifted up to 53
// bits), not of the subnormal itself. That interval is narrower, so more
// digits come out than the shortest that read back (1d-310 prints as
// 9.99999999999997e-311, not 1.0e-310). As for any float whose
// significand is a power of two, the interval reaches half as far below
// as above (5d-324 prints as 4.9406564584124654e-324); a shifted
// significand is even, so the interval's ends belong to it.
func subnormalDigits(f float64) string {
	exact := new(big.Float).SetPrec(64).SetFloat64(f)
	_, top := math.Frexp(math.Abs(f)) // |f| = frac·2^top, frac in [1/2, 1)
	above := new(big.Float).SetMantExp(big.NewFloat(1), top-54)
	below := above
	if m, _ := math.Frexp(math.Abs(f)); m == 0.5 {
		below = new(big.Float).SetMantExp(big.NewFloat(1), top-55)
	}
	for digits := 1; digits < 17; digits++ {
		s := exact.Text('e', digits-1)
		d, _, err := new(big.Float).SetPrec(2048).Parse(s, 10)
		if err != nil {
			break
		}
		limit := above
		if d.Cmp(exact) < 0 != (f < 0) {
			limit = below // the digits lie below the magnitude
		}
		if d.Sub(d, exact).Abs(d).Cmp(limit) <= 0 {
			return s
		}
	}
	return exact.Text('e', 16)
}
