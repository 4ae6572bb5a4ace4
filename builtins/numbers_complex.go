package builtins

// Complex numbers: complex, realpart, imagpart, conjugate, phase, cis,
// upgraded-complex-part-type, and the complex cases of the irrational
// functions. Arithmetic on complexes is in lisp (complex.go); a complex
// of floats is computed here as a Go complex128, whose functions follow
// the same branch cuts as CL's for the principal values (CLHS 12.1.5.3).

import (
	"math"
	"math/cmplx"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerNumbersComplex() {
	defun("complex", "(realpart &optional imagpart)", "Return the complex number realpart + imagpart·i: the rational realpart itself when imagpart is an exact zero, a complex of floats when either part is a float.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		re := numReal("complex", args[0])
		var im lisp.Value = lisp.MakeInt(0)
		if len(args) == 2 {
			im = numReal("complex", args[1])
		}
		return lisp.MakeComplex(re, im)
	})
	defun("realpart", "(number)", "Return the real part of the number (a real is its own).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.RealPart(numberArg("realpart", args[0]))
	})
	defun("imagpart", "(number)", "Return the imaginary part of the number: for a real, zero of its type.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.ImagPart(numberArg("imagpart", args[0]))
	})
	defun("conjugate", "(number)", "Return the complex conjugate of the number (a real is its own).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		v := numberArg("conjugate", args[0])
		if c, ok := v.(*lisp.Complex); ok {
			return lisp.MakeComplex(c.Re, lisp.Negate(c.Im))
		}
		return v
	})
	defun("phase", "(number)", "Return the angle of the number in the complex plane, in radians from -π to π.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		v := numberArg("phase", args[0])
		if c, ok := v.(*lisp.Complex); ok {
			return lisp.Float(accurateAtan2(lisp.ToFloat(c.Im), lisp.ToFloat(c.Re)))
		}
		// A real lies on the positive or the negative axis: 0 or π,
		// whatever the sign of its float imagpart's zero.
		return lisp.Float(accurateAtan2(0, lisp.ToFloat(v)))
	})
	defun("cis", "(radians)", "Return the complex number of magnitude 1 at the angle: cos + i·sin.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		x := numFloatArg("cis", args[0])
		return lisp.MakeComplex(lisp.Float(accurateCos(x)), lisp.Float(accurateSin(x)))
	})
	defun("upgraded-complex-part-type", "(typespec &optional environment)", "Return the type of the parts of a complex that can hold parts of the type: the type itself, as SBCL answers.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if sub, sure := subtypep(t, args[0], lisp.Intern("REAL")); !sub && sure {
			lisp.Errorf("upgraded-complex-part-type: %s is not a type of reals", lisp.Prin1ToString(args[0]))
		}
		return args[0]
	})
}

// complexOf is a number as a Go complex128.
func complexOf(v lisp.Value) complex128 {
	return complex(lisp.ToFloat(lisp.RealPart(v)), lisp.ToFloat(lisp.ImagPart(v)))
}

// fromComplex is a complex128 as a Lisp complex of floats.
func fromComplex(c complex128) lisp.Value {
	return lisp.MakeComplex(lisp.Float(real(c)), lisp.Float(imag(c)))
}

func isComplex(v lisp.Value) bool {
	_, ok := v.(*lisp.Complex)
	return ok
}

// The inverse functions of a complex by their definitions in CLHS
// 12.1.5.3. (SBCL uses Kahan's formulas, which can differ in the last
// bit.)

func complexAsin(z complex128) complex128 { return -1i * cmplx.Log(1i*z+cmplx.Sqrt(1-z*z)) }

func complexAcos(z complex128) complex128 { return math.Pi/2 - complexAsin(z) }

func complexAtan(z complex128) complex128 {
	return (cmplx.Log(1+1i*z) - cmplx.Log(1-1i*z)) / 2i
}

func complexAsinh(z complex128) complex128 { return cmplx.Log(z + cmplx.Sqrt(1+z*z)) }

func complexAcosh(z complex128) complex128 {
	return 2 * cmplx.Log(cmplx.Sqrt((z+1)/2)+cmplx.Sqrt((z-1)/2))
}

// complexTanh is Kahan's formula for tanh, which SBCL uses: with t =
// tan(y), β = 1 + t², s = sinh(x) and ρ = √(1 + s²), tanh(x + iy) =
// (βρs + it) / (1 + βs²). Go's cmplx.Tanh differs in the last bits.
func complexTanh(z complex128) complex128 {
	x, y := real(z), imag(z)
	t := accurateTan(y)
	beta := 1 + t*t
	if math.Abs(x) > 22 {
		// s² would swamp 1: the real part is ±1 to double precision and
		// the imaginary part t/(βs²) with s² = e^(2|x|)/4.
		return complex(math.Copysign(1, x), 4*t/beta*math.Exp(-2*math.Abs(x)))
	}
	sh := math.Sinh(x)
	rho := math.Sqrt(1 + sh*sh)
	d := 1 + beta*sh*sh
	return complex(beta*rho*sh/d, t/d)
}

func complexAtanh(z complex128) complex128 { return (cmplx.Log(1+z) - cmplx.Log(1-z)) / 2 }

// The values of the inverse functions at reals outside their real
// domains, on the sides of the branch cuts CLHS 12.1.5.3 gives (the cut
// of asin right of 1 is continuous with quadrant IV, and so on), in real
// closed forms that keep every bit.

func realAsin(x float64) complex128 {
	if x > 1 {
		return complex(math.Pi/2, -fdlibmAcosh(x))
	}
	return complex(-math.Pi/2, fdlibmAcosh(-x))
}

func realAcos(x float64) complex128 {
	if x > 1 {
		return complex(0, fdlibmAcosh(x))
	}
	return complex(math.Pi, -fdlibmAcosh(-x))
}

func realAcosh(x float64) complex128 {
	if x >= -1 {
		return complex(0, accurateAcos(x))
	}
	return complex(fdlibmAcosh(-x), math.Pi)
}

func realAtanh(x float64) complex128 { return complex(fdlibmAtanh(1/x), math.Pi/2) }

// complexAbs is the magnitude of a complex as a float.
func complexAbs(c *lisp.Complex) lisp.Value {
	return lisp.Float(math.Hypot(lisp.ToFloat(c.Re), lisp.ToFloat(c.Im)))
}

// complexSignum is z/|z|, or z itself when zero.
func complexSignum(c *lisp.Complex) lisp.Value {
	if lisp.IsZero(c) {
		return c
	}
	z := complexOf(c)
	return fromComplex(z / complex(cmplx.Abs(z), 0))
}

// complexTypeOf is the type-of a complex as SBCL gives it: the parts'
// type with their range, (complex (integer 1 2)).
func complexTypeOf(c *lisp.Complex) lisp.Value {
	lo, hi := c.Re, c.Im
	if lisp.Compare("type-of", lo, hi) > 0 {
		lo, hi = hi, lo
	}
	part := "RATIONAL"
	switch {
	case lisp.IsInteger(lo) && lisp.IsInteger(hi):
		part = "INTEGER"
	case !lisp.IsRational(lo):
		part = "DOUBLE-FLOAT"
	}
	return lisp.List(lisp.Intern("COMPLEX"), lisp.List(lisp.Intern(part), lo, hi))
}

// numComplexExpt is expt when the base or the power is complex: exact for
// a rational complex base and an integer power, else e^(power·log base)
// in complex floats, as SBCL computes it.
func numComplexExpt(base, power lisp.Value) lisp.Value {
	if p, ok := power.(lisp.Fixnum); ok && lisp.IsRational(lisp.RealPart(base)) {
		return numComplexIntPow(base, int64(p))
	}
	if lisp.IsZero(power) {
		if lisp.IsInteger(power) && lisp.IsRational(lisp.RealPart(base)) {
			return lisp.MakeInt(1)
		}
		return fromComplex(1) // 1 of the float type of either
	}
	if lisp.IsZero(base) {
		if lisp.Sign("expt", lisp.RealPart(power)) <= 0 {
			lisp.Errorf("expt: 0 to the power %s is undefined", lisp.Prin1ToString(power))
		}
		if lisp.IsRational(base) && lisp.IsRational(lisp.RealPart(power)) {
			return lisp.MakeInt(0)
		}
		return fromComplex(0)
	}
	return fromComplex(complexExp(complexOf(power) * complexLog(complexOf(base))))
}

// numComplexIntPow raises a rational complex to an integer power exactly,
// by repeated squaring.
func numComplexIntPow(base lisp.Value, p int64) lisp.Value {
	neg := p < 0
	if neg {
		p = -p
	}
	var acc lisp.Value = lisp.MakeInt(1)
	for p > 0 {
		if p&1 != 0 {
			acc = lisp.Mul(acc, base)
		}
		p >>= 1
		if p > 0 {
			base = lisp.Mul(base, base)
		}
	}
	if neg {
		return lisp.Div(lisp.MakeInt(1), acc)
	}
	return acc
}

// numCoerceComplex is (coerce v 'complex) and (coerce v '(complex
// part-type)): a complex of floats under a float part type, else a
// complex of the real and a zero of its type, so a rational stays itself
// and a float x becomes #C(x 0.0).
func numCoerceComplex(t *eval.Thread, v, spec lisp.Value) lisp.Value {
	if !lisp.IsNumber(v) {
		lisp.Errorf("coerce: %s can't be converted to type %s", lisp.Prin1ToString(v), lisp.Prin1ToString(spec))
	}
	if c, ok := spec.(*lisp.Cons); ok {
		if rest, ok := c.Cdr.(*lisp.Cons); ok && rest.Car != lisp.Value(predSymStar) {
			if sub, _ := subtypep(t, rest.Car, lisp.Intern("FLOAT")); sub {
				return lisp.MakeComplex(lisp.Float(lisp.ToFloat(lisp.RealPart(v))), lisp.Float(lisp.ToFloat(lisp.ImagPart(v))))
			}
		}
	}
	if lisp.IsReal(v) {
		return lisp.MakeComplex(v, lisp.MakeInt(0))
	}
	return v
}

// complexExp is e^(x+iy) = e^x·(cos y + i·sin y), and complexLog is
// log|z| + i·phase z, as SBCL computes them, with the correctly rounded
// real functions.
func complexExp(z complex128) complex128 {
	e := accurateExp(real(z))
	return complex(e*accurateCos(imag(z)), e*accurateSin(imag(z)))
}

func complexLog(z complex128) complex128 {
	return complex(accurateLog(math.Hypot(real(z), imag(z))), accurateAtan2(imag(z), real(z)))
}
