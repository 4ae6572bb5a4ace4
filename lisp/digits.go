package lisp

import (
	"math"
	"math/big"
)

// ParseDigits returns the integer the digits (ASCII, valid in base, 2 to
// 36, no sign) spell, or ok false when it would exceed MaxIntegerBits.
// big.Int's SetString takes time quadratic in the digits — a million
// took a minute when parse-integer accumulated digit by digit, and
// seconds through SetString — so a long run is split in halves, each
// parsed alone and joined as hi·base^len(lo) + lo, which costs a few
// multiplications of the whole size.
func ParseDigits(digits string, base int) (n *big.Int, ok bool) {
	if float64(len(digits))*math.Log2(float64(base)) > MaxIntegerBits+64 {
		return nil, false
	}
	n = parseDigits(digits, base)
	return n, n.BitLen() <= MaxIntegerBits
}

// splitDigits is the length below which SetString is quick.
const splitDigits = 4096

func parseDigits(digits string, base int) *big.Int {
	if len(digits) <= splitDigits {
		n, _ := new(big.Int).SetString(digits, base)
		return n
	}
	half := len(digits) / 2
	hi, lo := parseDigits(digits[:half], base), parseDigits(digits[half:], base)
	scale := new(big.Int).Exp(big.NewInt(int64(base)), big.NewInt(int64(len(digits)-half)), nil)
	return hi.Add(hi.Mul(hi, scale), lo)
}
