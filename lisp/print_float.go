package lisp

import (
	"math"
	"strconv"
	"strings"
)

// formatFloat prints a double as SBCL does: the shortest digits that read
// back to the same value, in fixed notation when 1e-3 <= |f| < 1e7 and in
// exponent notation otherwise (1.0e7, 1.5e-10), always with a digit on each
// side of the point. Subnormals print as formatSubnormal says, and
// infinities as SBCL's #. forms; SBCL signals an error before it can make
// a NaN, so NaN prints as an unreadable object.
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
	if a < 0x1p-1022 {
		return formatSubnormal(f)
	}
	// 'e' gives d.ddde±XX; SBCL writes d.ddde±X with no plus sign and at
	// least one fraction digit.
	s := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	n, _ := strconv.Atoi(exp)
	return mant + "e" + strconv.Itoa(n)
}
