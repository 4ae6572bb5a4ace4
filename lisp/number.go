package lisp

import (
	"math"
	"math/big"
	"unsafe"
)

// Fixnum is an integer that fits in an int64. Arithmetic that overflows
// promotes to *big.Int, as Common Lisp's integers do.
type Fixnum int64

// Float is a double-precision float (nodelisp reads every float as a
// double, as SBCL does with *read-default-float-format* double-float).
type Float float64

//go:generate go run gen_smallints.go

// MakeInt returns n as a Value, without allocating for small n.
func MakeInt(n int64) Value {
	if n >= smallMin && n <= smallMax {
		return FixnumAt(&smallVals[n-smallMin])
	}
	return Fixnum(n)
}

// CachedInt returns MakeInt(n) and true when that costs no allocation.
func CachedInt(n int64) (Value, bool) {
	if n >= smallMin && n <= smallMax {
		return FixnumAt(&smallVals[n-smallMin]), true
	}
	return nil, false
}

// eface is the layout of a Go interface value with no methods.
type eface struct {
	typ, data unsafe.Pointer
}

// fixnumType is the type word of a Value holding a Fixnum.
var fixnumType = func() unsafe.Pointer {
	var v Value = Fixnum(1 << 40)
	return (*eface)(unsafe.Pointer(&v)).typ
}()

// FixnumAt returns the Fixnum *p as a Value whose data word is p, as Go's
// own conversion would make it but without allocating: a caller that
// boxes many integers can carve them from one array. *p must never be
// written again, since Go treats the data of an interface as immutable.
func FixnumAt(p *int64) Value {
	var v Value
	e := (*eface)(unsafe.Pointer(&v))
	e.typ, e.data = fixnumType, unsafe.Pointer(p)
	return v
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
	case Fixnum, Float, *big.Int, *big.Rat, *Complex:
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
