package lisp

import (
	"math"
	"math/big"
	"math/bits"
)

// The numeric tower: two numbers are brought to the wider of their kinds
// (fixnum < bignum < ratio < float < complex) and combined there, and
// integer results come back as fixnums when they fit.

type numKind int

const (
	kFix numKind = iota
	kBig
	kRat
	kFloat
	kComplex
)

func kindOf(op string, v Value) numKind {
	switch v.(type) {
	case Fixnum:
		return kFix
	case *big.Int:
		return kBig
	case *big.Rat:
		return kRat
	case Float:
		return kFloat
	case *Complex:
		return kComplex
	}
	TypeError(op, v, "a number")
	return 0
}

// Add returns a + b.
func Add(a, b Value) Value {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			s := x + y
			if (s > x) == (y > 0) {
				return MakeInt(int64(s))
			}
			return new(big.Int).Add(big.NewInt(int64(x)), big.NewInt(int64(y)))
		}
	}
	switch max(kindOf("+", a), kindOf("+", b)) {
	case kComplex:
		return complexArith('+', a, b)
	case kFloat:
		return floatResult("+", ToFloat(a), ToFloat(b), ToFloat(a)+ToFloat(b))
	case kRat:
		return ratAddSub(a, b, false)
	default:
		var ta, tb big.Int
		x, y := intView(a, &ta), intView(b, &tb)
		return NormBig(newInt(max(wordsOf(x), wordsOf(y))+1).Add(x, y))
	}
}

// Sub returns a - b.
func Sub(a, b Value) Value {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			d := x - y
			if (d < x) == (y > 0) {
				return MakeInt(int64(d))
			}
			return new(big.Int).Sub(big.NewInt(int64(x)), big.NewInt(int64(y)))
		}
	}
	switch max(kindOf("-", a), kindOf("-", b)) {
	case kComplex:
		return complexArith('-', a, b)
	case kFloat:
		return floatResult("-", ToFloat(a), ToFloat(b), ToFloat(a)-ToFloat(b))
	case kRat:
		return ratAddSub(a, b, true)
	default:
		var ta, tb big.Int
		x, y := intView(a, &ta), intView(b, &tb)
		return NormBig(newInt(max(wordsOf(x), wordsOf(y))+1).Sub(x, y))
	}
}

// Mul returns a * b.
func Mul(a, b Value) Value {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			hi, lo := bits.Mul64(uint64(abs64(int64(x))), uint64(abs64(int64(y))))
			if hi == 0 && lo <= math.MaxInt64 && x != math.MinInt64 && y != math.MinInt64 {
				return MakeInt(int64(x) * int64(y))
			}
			return NormBig(new(big.Int).Mul(big.NewInt(int64(x)), big.NewInt(int64(y))))
		}
	}
	switch max(kindOf("*", a), kindOf("*", b)) {
	case kComplex:
		return complexArith('*', a, b)
	case kFloat:
		return floatResult("*", ToFloat(a), ToFloat(b), ToFloat(a)*ToFloat(b))
	case kRat:
		return ratMul(a, b)
	default:
		var ta, tb big.Int
		x, y := intView(a, &ta), intView(b, &tb)
		checkProductBits(x.BitLen(), y.BitLen())
		return NormBig(newInt(wordsOf(x)+wordsOf(y)).Mul(x, y))
	}
}

// MaxIntegerBits bounds the integers arithmetic makes (about five million
// decimal digits). A cell is cancelled between steps, and one Go
// multiplication of two numbers near the bound takes about half a second
// here, so the bound is also how long a cell can overrun its timeout;
// SBCL has none.
const MaxIntegerBits = 1 << 24

// checkProductBits refuses a product of operands of x and y bits that
// would exceed MaxIntegerBits.
func checkProductBits(x, y int) {
	if x+y > MaxIntegerBits {
		Errorf("*: the product of numbers of %d and %d bits is too large (at most %d bits)", x, y, MaxIntegerBits)
	}
}

// Div returns a / b: a ratio when integers do not divide evenly, as CL's /.
// Dividing an exact number by exact zero signals DIVISION-BY-ZERO.
func Div(a, b Value) Value {
	ka, kb := kindOf("/", a), kindOf("/", b)
	if max(ka, kb) == kComplex {
		return complexArith('/', a, b)
	}
	if max(ka, kb) == kFloat {
		fb := ToFloat(b)
		if fb == 0 {
			SignalDivisionByZero("/", "/", Float(ToFloat(a)), Float(fb))
		}
		return floatResult("/", ToFloat(a), fb, ToFloat(a)/fb)
	}
	if IsZero(b) {
		SignalDivisionByZero("/", "/", a, b)
	}
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok && y != -1 && x%y == 0 {
			return MakeInt(int64(x / y))
		}
	}
	return ratDiv(a, b)
}

// Negate returns -a; the negation of 0.0 is -0.0, as in CL.
func Negate(a Value) Value {
	switch x := a.(type) {
	case Float:
		return -x
	case *Complex:
		return &Complex{Negate(x.Re), Negate(x.Im)}
	}
	return Sub(MakeInt(0), a)
}

// IsZero reports whether a number is zero.
func IsZero(v Value) bool {
	switch n := v.(type) {
	case Fixnum:
		return n == 0
	case Float:
		return n == 0
	case *big.Int:
		return n.Sign() == 0
	case *big.Rat:
		return n.Sign() == 0
	case *Complex:
		return IsZero(n.Re) && IsZero(n.Im)
	}
	TypeError("zerop", v, "a number")
	return false
}

// Sign returns -1, 0 or 1 for a real number.
func Sign(op string, v Value) int {
	switch n := v.(type) {
	case Fixnum:
		switch {
		case n < 0:
			return -1
		case n > 0:
			return 1
		}
		return 0
	case Float:
		switch {
		case n < 0:
			return -1
		case n > 0:
			return 1
		}
		return 0
	case *big.Int:
		return n.Sign()
	case *big.Rat:
		return n.Sign()
	}
	TypeError(op, v, "a real")
	return 0
}

// Compare orders two real numbers: -1, 0 or 1. op names the caller for the
// type error when either is not a number. Complex numbers have no order,
// but = and /= (and only they) may compare them: 0 when equal, else 1.
func Compare(op string, a, b Value) int {
	if x, ok := a.(Fixnum); ok {
		if y, ok := b.(Fixnum); ok {
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
	}
	ka, kb := kindOf(op, a), kindOf(op, b)
	switch max(ka, kb) {
	case kComplex:
		if op == "=" || op == "/=" {
			if complexEqual(a, b) {
				return 0
			}
			return 1
		}
		if ka == kComplex {
			TypeError(op, a, "a real")
		}
		TypeError(op, b, "a real")
		return 0
	case kFloat:
		// CL compares a float with a rational exactly; doing it through
		// rationals keeps (= 1/3 0.333…) honest.
		fa, fb := ToFloat(a), ToFloat(b)
		if ka == kFloat && kb == kFloat || exactFloat(a) && exactFloat(b) || math.IsInf(fa, 0) || math.IsInf(fb, 0) || math.IsNaN(fa) || math.IsNaN(fb) {
			switch {
			case fa < fb:
				return -1
			case fa > fb:
				return 1
			}
			return 0
		}
		return floatRat(a).Cmp(floatRat(b))
	case kRat:
		return ratCompare(a, b)
	default:
		var ta, tb big.Int
		return intView(a, &ta).Cmp(intView(b, &tb))
	}
}

// exactFloat reports whether v is a float or a fixnum a double holds
// exactly (|n| ≤ 2^53), so that comparing it as a double is exact: a loop
// counting up to (sqrt n) compares a fixnum with a float each step, and
// the rationals would cost a few allocations each time.
func exactFloat(v Value) bool {
	switch n := v.(type) {
	case Float:
		return true
	case Fixnum:
		return n >= -1<<53 && n <= 1<<53
	}
	return false
}

// NumEqual is CL's = on two numbers.
func NumEqual(a, b Value) bool { return Compare("=", a, b) == 0 }

// floatRat is the exact rational value of a finite float, or of a rational.
func floatRat(v Value) *big.Rat {
	if f, ok := v.(Float); ok {
		return new(big.Rat).SetFloat64(float64(f))
	}
	return ToRat(v)
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// floatResult is the float an operation on x and y gave, or the
// floating-point-overflow SBCL signals when finite operands give an
// infinite result: (* 1d300 1d300) is an error, not infinity. An infinite
// operand (double-float-positive-infinity) still gives infinity.
func floatResult(op string, x, y, r float64) Value {
	if math.IsInf(r, 0) && !math.IsInf(x, 0) && !math.IsInf(y, 0) {
		SignalClass(ClassFloatingPointOverflow, "%s: floating-point overflow: the result is too large for a float", op)
	}
	return Float(r)
}
