package builtins

// The parts of a float: float-radix, float-digits, float-precision,
// float-sign, decode-float, integer-decode-float and scale-float. Every
// nodelisp float is an IEEE double: radix 2, 53 digits.

import (
	"math"
	"math/bits"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

const floatDigits = 53

func registerNumbersFloatParts() {
	defun("float-radix", "(float)", "Return the radix of the float's representation: 2.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		floatArg("float-radix", args[0])
		return lisp.MakeInt(2)
	})
	defun("float-digits", "(float)", "Return the number of radix digits of the float's format: 53.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		floatArg("float-digits", args[0])
		return lisp.MakeInt(floatDigits)
	})
	defun("float-precision", "(float)", "Return the number of significant radix digits in the float: 53, fewer for a denormal, 0 for zero.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		m, _ := floatBits(floatArg("float-precision", args[0]))
		return lisp.MakeInt(int64(bits.Len64(m)))
	})
	defun("float-sign", "(float-1 &optional float-2)", "Return float-2 (1.0 by default) with its magnitude and the sign of float-1.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		f := floatArg("float-sign", args[0])
		mag := 1.0
		if len(args) > 1 {
			mag = floatArg("float-sign", args[1])
		}
		return lisp.Float(math.Copysign(mag, f))
	})
	defun("decode-float", "(float)", "Return the float's significand (a float from 1/2 below 1, or 0.0), its exponent and its sign (1.0 or -1.0).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		f := floatArg("decode-float", args[0])
		sign := lisp.Float(math.Copysign(1, f))
		if f == 0 {
			return t.Values(lisp.Float(0), lisp.MakeInt(0), sign)
		}
		frac, exp := math.Frexp(math.Abs(f))
		return t.Values(lisp.Float(frac), lisp.MakeInt(int64(exp)), sign)
	})
	defun("integer-decode-float", "(float)", "Return the float's significand as an integer, its exponent and its sign (1 or -1): the float is significand × 2^exponent × sign.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		f := floatArg("integer-decode-float", args[0])
		sign := int64(1)
		if math.Signbit(f) {
			sign = -1
		}
		m, e := floatBits(f)
		return t.Values(lisp.MakeInt(int64(m)), lisp.MakeInt(int64(e)), lisp.MakeInt(sign))
	})
	defun("scale-float", "(float integer)", "Return float × 2^integer.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		f := floatArg("scale-float", args[0])
		k, ok := args[1].(lisp.Fixnum)
		if !ok {
			lisp.TypeError("scale-float", args[1], "an integer")
		}
		// Beyond ±2200 every finite double over- or underflows.
		n := max(min(int64(k), 2200), -2200)
		r := math.Ldexp(f, int(n))
		if math.IsInf(r, 0) && !math.IsInf(f, 0) {
			lisp.SignalClass(lisp.ClassArithmeticError, "scale-float: %s scaled by 2^%d is too large for a float", lisp.Prin1ToString(args[0]), k)
		}
		return lisp.Float(r)
	})
}

// floatArg returns v as a float64, or signals a type error naming op.
func floatArg(op string, v lisp.Value) float64 {
	f, ok := v.(lisp.Float)
	if !ok {
		lisp.TypeError(op, v, "a float")
	}
	return float64(f)
}

// floatBits returns the integer significand and exponent of a finite
// float's magnitude as integer-decode-float gives them: the stored
// mantissa with its hidden bit, and a zero's exponent 0.
func floatBits(f float64) (mant uint64, exp int) {
	b := math.Float64bits(f)
	e := int(b>>52) & 0x7ff
	mant = b & (1<<52 - 1)
	switch {
	case e == 0 && mant == 0:
		return 0, 0
	case e == 0:
		return mant, -1074
	}
	return mant | 1<<52, e - 1075
}
