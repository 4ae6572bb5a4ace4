package builtins

// Powers, roots, logarithms, trigonometry and float conversion (random
// numbers are in numbers_random.go). Where the answer is complex ((sqrt
// -4), (log -1), (expt -8 1/3), (asin 2)) or the argument is, they
// compute in complex floats (numbers_complex.go).

import (
	"math"
	"math/big"
	"math/cmplx"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// numMaxExptBits caps the size of an exact power, so (expt 10 (expt 10 9))
// is an error rather than an exhausted host.
const numMaxExptBits = lisp.MaxIntegerBits

func registerNumbersFloat() {
	defun("expt", "(base power)", "Return base raised to power: exact for rational bases and integer powers, else a float.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return numExpt(args[0], args[1])
	})
	defun("sqrt", "(number)", "Return the principal square root of the number: a float, or a complex for a negative or complex number.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		v := numberArg("sqrt", args[0])
		if isComplex(v) {
			return fromComplex(cmplx.Sqrt(complexOf(v)))
		}
		if lisp.Sign("sqrt", v) < 0 {
			// √-x = i√x, which keeps a huge magnitude finite.
			return lisp.MakeComplex(lisp.Float(0), lisp.Float(math.Sqrt(-lisp.ToFloat(v))))
		}
		return lisp.Float(math.Sqrt(lisp.ToFloat(v)))
	})
	numFloatFn("exp", "(number)", "Return e raised to the number.", accurateExp, complexExp)
	numFloatFn("sin", "(radians)", "Return the sine of the angle in radians.", accurateSin, cmplx.Sin)
	numFloatFn("cos", "(radians)", "Return the cosine of the angle in radians.", accurateCos, cmplx.Cos)
	numFloatFn("tan", "(radians)", "Return the tangent of the angle in radians.", accurateTan, cmplx.Tan)
	numFloatFn("sinh", "(number)", "Return the hyperbolic sine of the number.", fdlibmSinh, cmplx.Sinh)
	numFloatFn("cosh", "(number)", "Return the hyperbolic cosine of the number.", fdlibmCosh, cmplx.Cosh)
	numFloatFn("tanh", "(number)", "Return the hyperbolic tangent of the number.", fdlibmTanh, complexTanh)
	numFloatFn("asinh", "(number)", "Return the inverse hyperbolic sine of the number.", fdlibmAsinh, complexAsinh)
	unitInterval := func(f float64) bool { return f >= -1 && f <= 1 }
	numDomainFn("asin", "Return the arc sine (in radians) of the number: complex outside [-1, 1].", accurateAsin, realAsin, complexAsin, unitInterval)
	numDomainFn("acos", "Return the arc cosine (in radians) of the number: complex outside [-1, 1].", accurateAcos, realAcos, complexAcos, unitInterval)
	numDomainFn("acosh", "Return the inverse hyperbolic cosine of the number: complex below 1.", fdlibmAcosh, realAcosh, complexAcosh, func(f float64) bool { return f >= 1 })
	numDomainFn("atanh", "Return the inverse hyperbolic tangent of the number: complex outside (-1, 1).", func(f float64) float64 {
		if f == 1 || f == -1 {
			lisp.SignalClass(lisp.ClassDivisionByZero, "atanh: division by zero")
		}
		return fdlibmAtanh(f)
	}, realAtanh, complexAtanh, unitInterval)
	defun("atan", "(y &optional x)", "Return the arc tangent of y, or of y/x using the signs of both to choose the quadrant.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 1 && isComplex(args[0]) {
			return fromComplex(complexAtan(complexOf(args[0])))
		}
		y := numFloatArg("atan", args[0])
		if len(args) == 2 {
			return lisp.Float(accurateAtan2(y, numFloatArg("atan", args[1])))
		}
		return lisp.Float(accurateAtan(y))
	})
	defun("log", "(number &optional base)", "Return the logarithm of the number, natural or in the given base: complex for a negative or complex number.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := numLog(args[0])
		if len(args) == 2 {
			b := numLog(args[1])
			if lisp.IsZero(b) {
				lisp.SignalClass(lisp.ClassDivisionByZero, "log: division by zero")
			}
			return lisp.Div(x, b)
		}
		return x
	})
	defun("float", "(number &optional prototype)", "Convert a real number to a (double) float.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 2 {
			if _, ok := args[1].(lisp.Float); !ok {
				lisp.TypeError("float", args[1], "a float")
			}
		}
		if f, ok := args[0].(lisp.Float); ok {
			return f
		}
		// A rational too large for a double overflows, as in SBCL.
		return numFloatResult("float", 0, numFloatArg("float", args[0]))
	})
	defun("rational", "(real)", "Convert a real number to the rational of exactly the same value.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return numRational("rational", args[0])
	})
	defun("rationalize", "(real)", "Convert a real number to the simplest rational that rounds to the same float: (rationalize 0.1) is 1/10.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return numRationalize(args[0])
	})
}

// numFloatFn registers a one-argument function computed in floats, f for
// a real and cf for a complex.
func numFloatFn(name, args, doc string, f func(float64) float64, cf func(complex128) complex128) {
	defun(name, args, doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if isComplex(a[0]) {
			return fromComplex(cf(complexOf(a[0])))
		}
		x := numFloatArg(name, a[0])
		return numFloatResult(name, x, f(x))
	})
}

// numFloatResult is a float function's result, or the
// floating-point-overflow SBCL signals when a finite argument gives an
// infinite result ((exp 1000.0), (expt 10.0 400)).
func numFloatResult(op string, x, r float64) lisp.Value {
	if math.IsInf(r, 0) && !math.IsInf(x, 0) && !math.IsNaN(x) {
		lisp.SignalClass(lisp.ClassFloatingPointOverflow, "%s: floating-point overflow: the result is too large for a float", op)
	}
	return lisp.Float(r)
}

// numDomainFn registers a function that is real where ok holds and
// complex elsewhere: f in the domain, rf for a real outside it, cf for a
// complex.
func numDomainFn(name, doc string, f func(float64) float64, rf func(float64) complex128, cf func(complex128) complex128, ok func(float64) bool) {
	defun(name, "(number)", doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if isComplex(a[0]) {
			return fromComplex(cf(complexOf(a[0])))
		}
		x := numFloatArg(name, a[0])
		if !ok(x) {
			return fromComplex(rf(x))
		}
		return lisp.Float(f(x))
	})
}

func numFloatArg(op string, v lisp.Value) float64 {
	numReal(op, v)
	return lisp.ToFloat(v)
}

// numLog is the natural logarithm of a number: a float for a positive
// real, a complex for a negative or complex one.
func numLog(v lisp.Value) lisp.Value {
	numberArg("log", v)
	if lisp.IsZero(v) {
		lisp.SignalClass(lisp.ClassDivisionByZero, "log: division by zero")
	}
	if isComplex(v) {
		return fromComplex(complexLog(complexOf(v)))
	}
	if lisp.Sign("log", v) < 0 {
		// log(-x) = log(x) + iπ, which keeps a huge magnitude finite.
		return lisp.MakeComplex(lisp.Float(numRealLog(lisp.Negate(v))), lisp.Float(math.Pi))
	}
	return lisp.Float(numRealLog(v))
}

// numRealLog is the natural logarithm of a positive real.
func numRealLog(v lisp.Value) float64 {
	f := lisp.ToFloat(v)
	if b, ok := v.(*big.Int); ok && math.IsInf(f, 1) {
		// Beyond float range: log(m * 2^e) = log(m) + e*log(2).
		e := b.BitLen() - 60
		m := new(big.Int).Rsh(b, uint(e))
		return accurateLog(lisp.ToFloat(lisp.NormBig(m))) + float64(e)*math.Ln2
	}
	return accurateLog(f)
}

func numRational(op string, v lisp.Value) lisp.Value {
	numReal(op, v)
	if f, ok := v.(lisp.Float); ok {
		if math.IsInf(float64(f), 0) || math.IsNaN(float64(f)) {
			lisp.Errorf("%s: %s has no rational value", op, lisp.Prin1ToString(v))
		}
		return lisp.NormRat(new(big.Rat).SetFloat64(float64(f)))
	}
	return v
}

// numExpt is CL's expt over nodelisp's reals.
func numExpt(base, power lisp.Value) lisp.Value {
	numberArg("expt", base)
	numberArg("expt", power)
	if isComplex(base) || isComplex(power) {
		return numComplexExpt(base, power)
	}
	if lisp.IsInteger(power) {
		if f, ok := base.(lisp.Float); ok {
			if f == 0 && lisp.Sign("expt", power) < 0 {
				lisp.SignalDivisionByZero("expt", "expt", base, power)
			}
			return numFloatResult("expt", float64(f), numFloatIntPow(float64(f), power))
		}
		return numExactPow(base, power)
	}
	// A ratio or float power: computed in floats.
	b, p := lisp.ToFloat(base), lisp.ToFloat(power)
	if p == 0 {
		return lisp.Float(1) // (expt x 0.0) is 1.0 whatever x is
	}
	if b < 0 {
		// |b|^p · cis(pπ), as SBCL computes it, to the same bits.
		mag, angle := accuratePow(-b, p), p*math.Pi
		return lisp.MakeComplex(lisp.Float(mag*accurateCos(angle)), lisp.Float(mag*accurateSin(angle)))
	}
	if b == 0 && p <= 0 {
		lisp.Errorf("expt: 0 to the power %s is undefined", lisp.Prin1ToString(power))
	}
	return numFloatResult("expt", b, accuratePow(b, p))
}

// numFloatIntPow raises a float to an integer power by repeated squaring,
// as SBCL does, so results agree to the last bit.
func numFloatIntPow(b float64, power lisp.Value) float64 {
	p, ok := power.(lisp.Fixnum)
	if !ok {
		return accuratePow(b, lisp.ToFloat(power))
	}
	neg := p < 0
	if neg {
		p = -p
	}
	acc := 1.0
	for p > 0 {
		if p&1 != 0 {
			acc *= b
		}
		b *= b
		p >>= 1
	}
	if neg {
		return 1 / acc
	}
	return acc
}

// numExactPow raises a rational to an integer power exactly.
func numExactPow(base, power lisp.Value) lisp.Value {
	sign := lisp.Sign("expt", power)
	if sign == 0 {
		return lisp.MakeInt(1)
	}
	if lisp.IsZero(base) {
		if sign < 0 {
			lisp.SignalDivisionByZero("expt", "expt", base, power)
		}
		return lisp.MakeInt(0)
	}
	r := lisp.ToRat(base)
	num, den := new(big.Int).Set(r.Num()), new(big.Int).Set(r.Denom())
	numAbsBits := num.BitLen()
	if numAbsBits < den.BitLen() {
		numAbsBits = den.BitLen()
	}
	e := lisp.ToBig(power)
	e.Abs(e)
	if num.CmpAbs(big.NewInt(1)) != 0 || den.Cmp(big.NewInt(1)) != 0 {
		if !e.IsInt64() || e.Int64() > numMaxExptBits/int64(numAbsBits) {
			lisp.Errorf("expt: the result of (expt %s %s) is too large", lisp.Prin1ToString(base), lisp.Prin1ToString(power))
		}
	} else if !e.IsInt64() {
		e.And(e, big.NewInt(1)) // ±1 to a huge power: only the parity matters
	}
	num.Exp(num, e, nil)
	den.Exp(den, e, nil)
	if sign < 0 {
		num, den = den, num
	}
	return lisp.NormRat(new(big.Rat).SetFrac(num, den))
}
