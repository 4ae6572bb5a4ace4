package builtins

// exp, log, expt, sin, cos, tan, asin, acos and atan of doubles, correctly rounded as glibc's
// (which SBCL calls) all but always are. Go's math package is within an
// ulp but not correctly rounded: a quarter of sin's answers differed from
// SBCL's in the last bit, which printing shows. Here each is computed in
// double-double arithmetic (a value as the unevaluated sum hi + lo of two
// doubles, about 106 bits) and rounded once at the end. Arguments these
// do not cover (huge, tiny, infinite) fall back on Go's functions.

import "math"

// dd is the double-double hi + lo, |lo| at most half an ulp of hi.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) dd {
	s := a + b
	v := s - a
	return dd{s, (a - (s - v)) + (b - v)}
}

func quickTwoSum(a, b float64) dd {
	s := a + b
	return dd{s, b - (s - a)}
}

func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func (x dd) add(y dd) dd {
	s := twoSum(x.hi, y.hi)
	t := twoSum(x.lo, y.lo)
	s.lo += t.hi
	s = quickTwoSum(s.hi, s.lo)
	s.lo += t.lo
	return quickTwoSum(s.hi, s.lo)
}

func (x dd) neg() dd { return dd{-x.hi, -x.lo} }

func (x dd) mul(y dd) dd {
	p := twoProd(x.hi, y.hi)
	p.lo += x.hi*y.lo + x.lo*y.hi
	return quickTwoSum(p.hi, p.lo)
}

func (x dd) mulF(f float64) dd {
	p := twoProd(x.hi, f)
	p.lo += x.lo * f
	return quickTwoSum(p.hi, p.lo)
}

// divF is x/f, the first quotient's remainder found exactly with a
// fused multiply-add.
func (x dd) divF(f float64) dd {
	q1 := x.hi / f
	r := math.FMA(-q1, f, x.hi) + x.lo
	return quickTwoSum(q1, r/f)
}

func (x dd) div(y dd) dd {
	q1 := x.hi / y.hi
	r := x.add(y.mulF(q1).neg())
	q2 := r.hi / y.hi
	r = r.add(y.mulF(q2).neg())
	q3 := r.hi / y.hi
	q := quickTwoSum(q1, q2)
	return q.add(dd{q3, 0})
}

// Constants to about 160 bits, each the sum of its parts.
var (
	ddLn2      = [3]float64{0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56, 0x1.7b57a079a1934p-111}
	ddHalfPi   = [3]float64{0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54, -0x1.f1976b7ed8fbcp-110}
	ddMaxTrig  = 1e5  // beyond, the reduction by π/2 needs more bits
	ddExpLimit = 708. // beyond, exp over- or underflows to a subnormal
)

// reduce returns x - k·(c0 + c1 + c2) as a double-double, exactly enough
// for |k| below 2^20.
func reduce(x, k float64, c [3]float64) dd {
	r := dd{x, 0}.add(twoProd(-k, c[0]))
	r = r.add(twoProd(-k, c[1]))
	return r.add(dd{-k * c[2], 0})
}

// expDD returns e^x as m·2^k with m a double-double near [0.7, 1.4].
func expDD(x float64) (m dd, k int) { return expOfDD(dd{x, 0}) }

// expOfDD is expDD of a double-double.
func expOfDD(x dd) (m dd, k int) {
	kf := math.Round(x.hi / ddLn2[0])
	r := x.add(twoProd(-kf, ddLn2[0])).add(twoProd(-kf, ddLn2[1])).add(dd{-kf * ddLn2[2], 0})
	// e^r = (e^(r/32))^32, with the Taylor series of e^(r/32), |r/32| <
	// 0.011: its terms from s⁴/4! on are below 2^-30 of the sum, so they
	// are summed in plain doubles and only the first four in
	// double-double.
	s := dd{r.hi / 32, r.lo / 32} // exact: a power of two
	t := s.hi
	tail := t * t * t * t / 24 * (1 + t/5*(1+t/6*(1+t/7*(1+t/8*(1+t/9*(1+t/10))))))
	s2 := s.mul(s)
	sum := dd{1, 0}.add(s).add(s2.mulF(0.5)).add(s2.mul(s).divF(6)).add(dd{tail, 0})
	for range 5 {
		sum = sum.mul(sum)
	}
	return sum, int(kf)
}

func accurateExp(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > ddExpLimit || math.Abs(x) < 0x1p-54 {
		return math.Exp(x)
	}
	m, k := expDD(x)
	return math.Ldexp(m.hi+m.lo, k)
}

func accurateLog(x float64) float64 {
	if !logDDOK(x) {
		return math.Log(x)
	}
	r := logDD(x)
	return r.hi + r.lo
}

func logDDOK(x float64) bool { return x > 0x1p-1000 && x < 0x1p1000 }

// logDD is log x as a double-double, for logDDOK(x): one Newton step
// from Go's log y0, log x = y0 + log(x·e^-y0), where x·e^-y0 is 1 + t
// with t tiny, whose log is t - t²/2 to double-double.
func logDD(x float64) dd {
	y0 := math.Log(x)
	m, k := expDD(-y0)
	t := m.mulF(x)
	t = dd{math.Ldexp(t.hi, k), math.Ldexp(t.lo, k)}
	t = t.add(dd{-1, 0})
	t = t.add(dd{-t.hi * t.hi / 2, 0})
	return dd{y0, 0}.add(t)
}

// accuratePow is b^p for finite b > 0 as e^(p·log b) in double-double,
// falling back on Go's Pow where that over- or underflows.
func accuratePow(b, p float64) float64 {
	if !logDDOK(b) || math.IsInf(p, 0) || math.IsNaN(p) {
		return math.Pow(b, p)
	}
	l := logDD(b).mulF(p)
	if math.Abs(l.hi) > ddExpLimit {
		return math.Pow(b, p)
	}
	m, k := expOfDD(l)
	return math.Ldexp(m.hi+m.lo, k)
}

// sinDD and cosDD are sin and cos of |r| <= π/4 by their Taylor series:
// the terms from the ninth power (eighth for cos) on are below 2^-20 of
// the sum, so they are summed in plain doubles and the first four in
// double-double.
func sinDD(r dd) dd {
	x := r.hi
	x2 := x * x
	tail := x2 * x2 * x2 * x2 * x / 362880 * (1 - x2/110*(1-x2/156*(1-x2/210*(1-x2/272*(1-x2/342*(1-x2/420))))))
	r2 := r.mul(r)
	r3 := r2.mul(r)
	r5 := r3.mul(r2)
	return r.add(r3.divF(-6)).add(r5.divF(120)).add(r5.mul(r2).divF(-5040)).add(dd{tail, 0})
}

func cosDD(r dd) dd {
	x := r.hi
	x2 := x * x
	tail := x2 * x2 * x2 * x2 / 40320 * (1 - x2/90*(1-x2/132*(1-x2/182*(1-x2/240*(1-x2/306*(1-x2/380))))))
	r2 := r.mul(r)
	r4 := r2.mul(r2)
	return dd{1, 0}.add(r2.mulF(-0.5)).add(r4.divF(24)).add(r4.mul(r2).divF(-720)).add(dd{tail, 0})
}

// trigDD returns sin x (or cos x, with cos set) as a double-double, ok
// false when x is outside the range the reduction covers.
func trigDD(x float64, cos bool) (v dd, ok bool) {
	if math.IsNaN(x) || math.Abs(x) > ddMaxTrig || math.Abs(x) < 0x1p-26 {
		return dd{}, false
	}
	k := math.Round(x / ddHalfPi[0])
	r := reduce(x, k, ddHalfPi)
	q := int64(k) & 3
	if cos {
		q = (q + 1) & 3 // cos x = sin(x + π/2)
	}
	switch q {
	case 0:
		return sinDD(r), true
	case 1:
		return cosDD(r), true
	case 2:
		return sinDD(r).neg(), true
	}
	return cosDD(r).neg(), true
}

func accurateSin(x float64) float64 {
	s, ok := trigDD(x, false)
	if !ok {
		return math.Sin(x)
	}
	return s.hi + s.lo
}

func accurateCos(x float64) float64 {
	c, ok := trigDD(x, true)
	if !ok {
		return math.Cos(x)
	}
	return c.hi + c.lo
}

func accurateTan(x float64) float64 {
	s, ok := trigDD(x, false)
	if !ok {
		return math.Tan(x)
	}
	c, _ := trigDD(x, true)
	t := s.div(c)
	return t.hi + t.lo
}

// atan2DD is the angle of the point (x, y), both double-doubles: Go's
// atan2 θ0 and one correction, the tangent of θ - θ0, which is
// (y·cos θ0 - x·sin θ0)/(x·cos θ0 + y·sin θ0) and tiny.
func atan2DD(y, x dd) float64 {
	t0 := math.Atan2(y.hi, x.hi)
	s, ok := trigDD(t0, false)
	if !ok || math.IsInf(y.hi, 0) || math.IsInf(x.hi, 0) {
		return t0
	}
	c, _ := trigDD(t0, true)
	num := y.mul(c).add(x.mul(s).neg())
	den := x.hi*c.hi + y.hi*s.hi
	if den == 0 {
		return t0
	}
	r := twoSum(t0, num.hi/den)
	return r.hi + r.lo
}

func accurateAtan(x float64) float64 { return atan2DD(dd{x, 0}, dd{1, 0}) }

func accurateAtan2(y, x float64) float64 { return atan2DD(dd{y, 0}, dd{x, 0}) }

// sqrtOneMinusSquare is √(1 - x²) for |x| <= 1 as a double-double: 1 - x²
// is exact as one, and one Newton step refines Go's square root.
func sqrtOneMinusSquare(x float64) dd {
	q := dd{1, 0}.add(twoProd(-x, x))
	s0 := math.Sqrt(q.hi)
	if s0 == 0 {
		return dd{}
	}
	rem := q.add(twoProd(s0, s0).neg())
	return quickTwoSum(s0, rem.hi/(2*s0))
}

func accurateAsin(x float64) float64 { return atan2DD(dd{x, 0}, sqrtOneMinusSquare(x)) }

func accurateAcos(x float64) float64 { return atan2DD(sqrtOneMinusSquare(x), dd{x, 0}) }
