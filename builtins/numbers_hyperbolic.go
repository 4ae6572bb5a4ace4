package builtins

// The hyperbolic functions and their inverses of a double by the
// formulas of fdlibm, which glibc (and so SBCL) uses: built on expm1 and
// log1p (Go's are ports of the same fdlibm code) and on the correctly
// rounded exp and log of numbers_accurate.go, they give SBCL's answers to
// the bit where Go's own formulas differ in the last one.

import "math"

func fdlibmSinh(x float64) float64 {
	h, a := math.Copysign(0.5, x), math.Abs(x)
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0) || a < 0x1p-28:
		return x
	case a < 22:
		t := math.Expm1(a)
		if a < 1 {
			return h * (2*t - t*t/(t+1))
		}
		return h * (t + t/(t+1))
	case a < 709.7822265625:
		return h * accurateExp(a)
	}
	// Near overflow: e^a/2 as (e^(a/2)/2)·e^(a/2).
	w := accurateExp(a / 2)
	return h * w * w
}

func fdlibmCosh(x float64) float64 {
	a := math.Abs(x)
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return a
	case a < 0.5*math.Ln2:
		t := math.Expm1(a)
		w := 1 + t
		if a < 0x1p-55 {
			return w
		}
		return 1 + (t*t)/(w+w)
	case a < 22:
		t := accurateExp(a)
		return 0.5*t + 0.5/t
	case a < 709.7822265625:
		return 0.5 * accurateExp(a)
	}
	w := accurateExp(a / 2)
	return 0.5 * w * w
}

func fdlibmTanh(x float64) float64 {
	a := math.Abs(x)
	var z float64
	switch {
	case math.IsNaN(x):
		return x
	case a < 0x1p-55:
		return x
	case a < 1:
		t := math.Expm1(-2 * a)
		z = -t / (t + 2)
	case a < 22:
		t := math.Expm1(2 * a)
		z = 1 - 2/(t+2)
	default:
		z = 1
	}
	return math.Copysign(z, x)
}

func fdlibmAsinh(x float64) float64 {
	a := math.Abs(x)
	var w float64
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0) || a < 0x1p-28:
		return x
	case a > 0x1p28:
		w = accurateLog(a) + math.Ln2
	case a > 2:
		w = accurateLog(2*a + 1/(math.Sqrt(x*x+1)+a))
	default:
		t := x * x
		w = math.Log1p(a + t/(1+math.Sqrt(1+t)))
	}
	return math.Copysign(w, x)
}

// fdlibmAcosh is acosh of x >= 1.
func fdlibmAcosh(x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 1):
		return x
	case x >= 0x1p28:
		return accurateLog(x) + math.Ln2
	case x == 1:
		return 0
	case x > 2:
		return accurateLog(2*x - 1/(x+math.Sqrt(x*x-1)))
	}
	t := x - 1
	return math.Log1p(t + math.Sqrt(2*t+t*t))
}

// fdlibmAtanh is atanh of |x| < 1.
func fdlibmAtanh(x float64) float64 {
	a := math.Abs(x)
	if math.IsNaN(x) || a < 0x1p-28 {
		return x
	}
	var t float64
	if a < 0.5 {
		t = a + a
		t = 0.5 * math.Log1p(t+t*a/(1-a))
	} else {
		t = 0.5 * math.Log1p((a+a)/(1-a))
	}
	return math.Copysign(t, x)
}
