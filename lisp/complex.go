package lisp

import (
	"math"
	"math/big"
)

// Complex is a complex number Re + Im·i. Its parts are both rationals or
// both floats, and a complex with rational parts never has a zero
// imaginary part: CL's rule of canonical representation makes that
// number its real part, so MakeComplex is the only way to build one.
type Complex struct{ Re, Im Value }

// MakeComplex returns re + im·i for reals re and im: a complex of floats
// when either is a float, else the rational re itself when im is zero.
func MakeComplex(re, im Value) Value {
	_, reFloat := re.(Float)
	_, imFloat := im.(Float)
	if reFloat || imFloat {
		return &Complex{Float(ToFloat(re)), Float(ToFloat(im))}
	}
	if IsZero(im) {
		return re
	}
	return &Complex{re, im}
}

// IsReal reports whether v is a real number: a number that is not complex.
func IsReal(v Value) bool {
	switch v.(type) {
	case Fixnum, Float, *big.Int, *big.Rat:
		return true
	}
	return false
}

// RealPart is CL's realpart of a number: a real is its own.
func RealPart(v Value) Value {
	if c, ok := v.(*Complex); ok {
		return c.Re
	}
	return v
}

// ImagPart is CL's imagpart of a number: (* 0 x) for a real x, so a
// float's is a zero of its sign and a rational's is 0.
func ImagPart(v Value) Value {
	if c, ok := v.(*Complex); ok {
		return c.Im
	}
	if f, ok := v.(Float); ok {
		return Float(math.Copysign(0, float64(f)))
	}
	return MakeInt(0)
}

// complexArith combines two numbers, at least one complex, with + - * or
// /, part by part in the arithmetic of the reals.
func complexArith(op byte, a, b Value) Value {
	ar, ai := RealPart(a), ImagPart(a)
	br, bi := RealPart(b), ImagPart(b)
	if _, ok := a.(*Complex); !ok {
		ai = MakeInt(0) // an exact zero keeps (* 2.0 #c(1 2)) from making -0.0 parts
	}
	if _, ok := b.(*Complex); !ok {
		bi = MakeInt(0)
	}
	switch op {
	case '+':
		return MakeComplex(Add(ar, br), Add(ai, bi))
	case '-':
		return MakeComplex(Sub(ar, br), Sub(ai, bi))
	case '*':
		return MakeComplex(Sub(Mul(ar, br), Mul(ai, bi)), Add(Mul(ar, bi), Mul(ai, br)))
	}
	if _, ok := b.(*Complex); !ok {
		return MakeComplex(Div(ar, b), Div(ai, b))
	}
	// (ar + ai·i)/(br + bi·i) = ((ar·br + ai·bi) + (ai·br − ar·bi)·i) / (br² + bi²)
	d := Add(Mul(br, br), Mul(bi, bi))
	if IsZero(d) {
		SignalClass(ClassDivisionByZero, "/: division by zero")
	}
	re := Div(Add(Mul(ar, br), Mul(ai, bi)), d)
	im := Div(Sub(Mul(ai, br), Mul(ar, bi)), d)
	return MakeComplex(re, im)
}

// complexEqual is = when either number is complex: both parts equal.
func complexEqual(a, b Value) bool {
	return NumEqual(RealPart(a), RealPart(b)) && NumEqual(ImagPart(a), ImagPart(b))
}
