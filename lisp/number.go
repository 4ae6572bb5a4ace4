package lisp

import (
	"math"
	"math/big"
)

// Fixnum is an integer that fits in an int64. Arithmetic that overflows
// promotes to *big.Int, as Common Lisp's integers do.
type Fixnum int64

// Float is a double-precision float (nodelisp reads every float as a
// double, as SBCL does with *read-default-float-format* double-float).
type Float float64

const (
	smallMin = -256
	smallMax = 4095
)

// smallInts holds boxed fixnums so that the commonest integers cost no
// allocation when they become a Value.
var smallInts = func() (t [smallMax - smallMin + 1]Value) {
	for i := range t {
		t[i] = Fixnum(i + smallMin)
	}
	return
}()

// MakeInt returns n as a Value, without allocating for small n.
func MakeInt(n int64) Value {
	if n >= smallMin && n <= smallMax {
		return smallInts[n-smallMin]
	}
	return Fixnum(n)
}

// NormBig returns b as a Fixnum when it fits, else b itself.
func NormBig(b *big.Int) Value {
	if b.IsInt64() {
		return MakeInt(b.Int64())
	}
	return b
}

// NormRat returns r as an integer when its denominator is 1, else r.
func NormRat(r *big.Rat) Value {
	if r.IsInt() {
		return NormBig(new(big.Int).Set(r.Num()))
	}
	return r
}

// IsNumber reports whether v is a Lisp number.
func IsNumber(v Value) bool {
	switch v.(type) {
	case Fixnum, Float, *big.Int, *big.Rat:
		return true
	}
	return false
}

// IsInteger reports whether v is a Lisp integer.
func IsInteger(v Value) bool {
	switch v.(type) {
	case Fixnum, *big.Int:
		return true
	}
	return false
}

// IsRational reports whether v is an integer or a ratio.
func IsRational(v Value) bool {
	switch v.(type) {
	case Fixnum, *big.Int, *big.Rat:
		return true
	}
	return false
}

// ToBig returns an integer value as a fresh *big.Int.
func ToBig(v Value) *big.Int {
	switch n := v.(type) {
	case Fixnum:
		return big.NewInt(int64(n))
	case *big.Int:
		return new(big.Int).Set(n)
	}
	return nil
}

// ToRat returns a rational value as a fresh *big.Rat.
func ToRat(v Value) *big.Rat {
	switch n := v.(type) {
	case Fixnum:
		return new(big.Rat).SetInt64(int64(n))
	case *big.Int:
		return new(big.Rat).SetInt(n)
	case *big.Rat:
		return new(big.Rat).Set(n)
	}
	return nil
}

// ToFloat converts any real number to a float64.
func ToFloat(v Value) float64 {
	switch n := v.(type) {
	case Fixnum:
		return float64(n)
	case Float:
		return float64(n)
	case *big.Int:
		f, _ := new(big.Float).SetInt(n).Float64()
		return f
	case *big.Rat:
		f, _ := n.Float64()
		return f
	}
	return math.NaN()
}
