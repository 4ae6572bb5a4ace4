package format

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// Float directives follow SBCL's FORMAT-FIXED-AUX, FORMAT-EXP-AUX,
// FORMAT-GENERAL-AUX and FORMAT-DOLLARS step by step, so that widths,
// rounding and the optional leading and trailing zeros come out the same.

// optional is an integer parameter that may be absent.
type optional struct {
	n  int
	ok bool
}

func (st *state) opt(d *directive, i int) optional {
	n, ok := st.optInt(d, i)
	if ok && n > maxParam {
		st.fail(d, "parameter too large")
	}
	return optional{n, ok}
}

// floatArg coerces a real argument the way SBCL does: floats stay, other
// rationals become single-floats. ok is false for non-reals.
func floatArg(d *directive, st *state, v lisp.Value) (flo, bool) {
	switch x := v.(type) {
	case lisp.Float:
		return flo{v: float64(x)}, true
	case lisp.Fixnum, *big.Int, *big.Rat:
		f := float32(lisp.ToFloat(x))
		if math.IsInf(float64(f), 0) {
			st.fail(d, "the value "+printString(v, false)+" is too large for a single-float")
		}
		return flo{v: float64(f), single: true}, true
	}
	return flo{}, false
}

// flonumString renders |x| without exponent, as SBCL's FLONUM-TO-STRING:
// the digits with a point, whether the point leads or trails, and its
// index.
func flonumString(x flo, width, fdigits, scale, fmin optional) (str string, lpoint, tpoint bool, point int) {
	var e int
	var ds string
	switch {
	case fdigits.ok:
		e, ds = x.digits(min(-(fdigits.n+scale.n), -fmin.n), true, false)
	case width.ok && width.n > 1:
		sc := 0
		if scale.n < 0 {
			sc = scale.n
		}
		we, wds := x.digits(max(1, width.n-1+sc), true, true)
		fe, fds := x.digits(-(fmin.n + scale.n), true, false)
		if len(wds) >= len(fds) {
			e, ds = we, wds
		} else {
			e, ds = fe, fds
		}
	default:
		e, ds = x.digits(0, false, false)
	}
	if x.v != 0 {
		e += scale.n
	}
	var b strings.Builder
	if e > 0 {
		cut := min(len(ds), e)
		b.WriteString(ds[:cut])
		b.WriteString(strings.Repeat("0", e-cut))
		b.WriteByte('.')
		b.WriteString(ds[cut:])
		if fdigits.ok {
			b.WriteString(strings.Repeat("0", max(0, fdigits.n-(len(ds)-cut))))
		}
	} else {
		b.WriteByte('.')
		b.WriteString(strings.Repeat("0", -e))
		end := len(ds)
		if fdigits.ok {
			end = min(len(ds), max(fmin.n, fdigits.n+e))
			end = max(end, 0)
		}
		b.WriteString(ds[:end])
		if fdigits.ok {
			b.WriteString(strings.Repeat("0", max(0, fdigits.n+e-len(ds))))
		}
	}
	str = b.String()
	return str, str[0] == '.', str[len(str)-1] == '.', strings.IndexByte(str, '.')
}

func signBit(x flo) bool { return math.Signbit(x.v) }

func special(x flo) bool { return math.IsInf(x.v, 0) || math.IsNaN(x.v) }

// fixed is ~w,d,k,overflowchar,padcharF.
func (st *state) fixed(d *directive) {
	w, dd, k := st.opt(d, 0), st.opt(d, 1), st.opt(d, 2)
	ovf := st.charParam(d, 3, 0)
	pad := st.charParam(d, 4, ' ')
	v := st.next(d)
	x, ok := floatArg(d, st, v)
	if !ok {
		writeField(st.out.b, printString(v, false), w.n, 1, 0, pad, false)
		return
	}
	fixedAux(st.out.b, x, w, dd, k, ovf, pad, d.at)
}

// fixedAux prints x in fixed notation and reports whether the field
// overflowed (for ~G).
func fixedAux(b *strings.Builder, x flo, w, d, k optional, ovf, pad rune, atsign bool) bool {
	if special(x) {
		b.WriteString(printString(lisp.Float(x.v), true))
		return false
	}
	spaceleft := w
	if w.ok && (atsign || signBit(x)) {
		spaceleft.n--
	}
	str, lpoint, tpoint, _ := flonumString(flo{math.Abs(x.v), x.single}, spaceleft, d, k, optional{})
	if d.ok && d.n == 0 {
		tpoint = false
	}
	if w.ok {
		spaceleft.n -= len(str)
		if lpoint {
			if spaceleft.n > 0 || tpoint {
				spaceleft.n--
			} else {
				lpoint = false
			}
		}
		if tpoint {
			if spaceleft.n > 0 {
				spaceleft.n--
			} else {
				tpoint = false
			}
		}
	}
	if w.ok && spaceleft.n < 0 && ovf != 0 {
		b.WriteString(strings.Repeat(string(ovf), w.n))
		return true
	}
	if w.ok {
		b.WriteString(strings.Repeat(string(pad), max(0, spaceleft.n)))
	}
	if signBit(x) {
		b.WriteByte('-')
	} else if atsign {
		b.WriteByte('+')
	}
	if lpoint {
		b.WriteByte('0')
	}
	b.WriteString(str)
	if tpoint {
		b.WriteByte('0')
	}
	return false
}

// exponential is ~w,d,e,k,overflowchar,padchar,exptcharE.
func (st *state) exponential(d *directive) {
	w, dd, e := st.opt(d, 0), st.opt(d, 1), st.opt(d, 2)
	k := st.intParam(d, 3, 1)
	ovf := st.charParam(d, 4, 0)
	pad := st.charParam(d, 5, ' ')
	mark := st.charParam(d, 6, 0)
	v := st.next(d)
	x, ok := floatArg(d, st, v)
	if !ok {
		writeField(st.out.b, printString(v, false), w.n, 1, 0, pad, false)
		return
	}
	expAux(st.out.b, x, w, dd, e, k, ovf, pad, mark, d.at)
}

func expAux(b *strings.Builder, x flo, w, d, e optional, k int, ovf, pad, marker rune, atsign bool) {
	if special(x) {
		b.WriteString(printString(lisp.Float(x.v), true))
		return
	}
	num, expt := scaleExponent(flo{math.Abs(x.v), x.single})
	if num.v == 1.0 {
		k--
	}
	expt -= k
	estr := itoa(abs(expt))
	elen := len(estr)
	if e.ok {
		elen = max(elen, e.n)
	}
	var spaceleft optional
	if w.ok {
		spaceleft = optional{w.n - 2 - elen, true}
		if atsign || signBit(x) {
			spaceleft.n--
		}
	}
	if w.ok && ovf != 0 && e.ok && elen > e.n {
		b.WriteString(strings.Repeat(string(ovf), w.n))
		return
	}
	var fdig optional
	if d.ok {
		fdig = d
		if k > 0 {
			fdig.n = d.n - k + 1
		}
	}
	fmin := fdig
	if k < 0 {
		fmin = optional{1, true}
	}
	if !fmin.ok {
		fmin = optional{}
	}
	fstr, lpoint, tpoint, _ := flonumString(num, spaceleft, fdig, optional{k, true}, fmin)
	if fdig.ok && fdig.n == 0 {
		tpoint = false
	}
	if w.ok {
		spaceleft.n -= len(fstr)
		if lpoint {
			if spaceleft.n > 0 || tpoint {
				spaceleft.n--
			} else {
				lpoint = false
			}
		}
		if tpoint {
			if spaceleft.n <= 0 {
				tpoint = false
			} else {
				spaceleft.n--
			}
		}
	}
	if w.ok && spaceleft.n < 0 && ovf != 0 {
		b.WriteString(strings.Repeat(string(ovf), w.n))
		return
	}
	if w.ok {
		b.WriteString(strings.Repeat(string(pad), max(0, spaceleft.n)))
	}
	if signBit(x) {
		b.WriteByte('-')
	} else if atsign {
		b.WriteByte('+')
	}
	if lpoint {
		b.WriteByte('0')
	}
	b.WriteString(fstr)
	if tpoint {
		b.WriteByte('0')
	}
	switch {
	case marker != 0:
		b.WriteRune(marker)
	case x.single:
		// nodelisp reads floats as doubles, so a single-float (a
		// rational coerced by FORMAT) is the non-default format.
		b.WriteByte('f')
	default:
		b.WriteByte('e')
	}
	if expt < 0 {
		b.WriteByte('-')
	} else {
		b.WriteByte('+')
	}
	if e.ok {
		b.WriteString(strings.Repeat("0", max(0, e.n-len(estr))))
	}
	b.WriteString(estr)
}

// general is ~w,d,e,k,overflowchar,padchar,exptcharG.
func (st *state) general(d *directive) {
	w, dd, e, k := st.opt(d, 0), st.opt(d, 1), st.opt(d, 2), st.opt(d, 3)
	ovf := st.charParam(d, 4, 0)
	pad := st.charParam(d, 5, ' ')
	mark := st.charParam(d, 6, 0)
	v := st.next(d)
	x, ok := floatArg(d, st, v)
	if !ok {
		writeField(st.out.b, printString(v, false), w.n, 1, 0, pad, false)
		return
	}
	b := st.out.b
	if special(x) {
		b.WriteString(printString(lisp.Float(x.v), true))
		return
	}
	_, n := scaleExponent(flo{math.Abs(x.v), x.single})
	if !dd.ok {
		str, _, _, _ := flonumString(flo{math.Abs(x.v), x.single}, optional{}, optional{}, optional{}, optional{})
		q := len(str) - 1
		if len(str) == 1 {
			q = 1
		}
		dd = optional{max(q, min(n, 7)), true}
	}
	ee := 4
	if e.ok {
		ee = e.n + 2
	}
	var ww optional
	if w.ok {
		ww = optional{w.n - ee, true}
	}
	if fd := dd.n - n; fd >= 0 && fd <= dd.n {
		fill := " "
		if fixedAux(b, x, ww, optional{fd, true}, optional{}, ovf, pad, d.at) {
			fill = string(ovf)
		}
		b.WriteString(strings.Repeat(fill, ee))
		return
	}
	kk := 1
	if k.ok {
		kk = k.n
	}
	expAux(b, x, w, dd, e, kk, ovf, pad, mark, d.at)
}

// dollars is ~d,n,w,padchar$: d digits after the point (2), at least n
// before it (1), in a field of w; @ prints a plus sign, : puts the sign
// before the padding.
func (st *state) dollars(d *directive) {
	dd := st.width(d, 0, 2)
	n := st.width(d, 1, 1)
	w := st.width(d, 2, 0)
	pad := st.charParam(d, 3, ' ')
	v := st.next(d)
	x, ok := floatArg(d, st, v)
	b := st.out.b
	if !ok {
		writeField(b, printString(v, false), w, 1, 0, ' ', true)
		return
	}
	if special(x) {
		b.WriteString(printString(lisp.Float(x.v), true))
		return
	}
	sign := ""
	switch {
	case signBit(x):
		sign = "-"
	case d.at:
		sign = "+"
	}
	str, _, _, point := flonumString(flo{math.Abs(x.v), x.single}, optional{}, optional{dd, true}, optional{}, optional{})
	if d.colon {
		b.WriteString(sign)
	}
	b.WriteString(strings.Repeat(string(pad), max(0, w-len(sign)-max(n, point)-1-dd)))
	if !d.colon {
		b.WriteString(sign)
	}
	b.WriteString(strings.Repeat("0", max(0, n-point)))
	b.WriteString(str)
}

// log10of2 is the double SBCL uses for (log 2 10) when estimating decimal
// exponents.
var log10of2 = math.Float64frombits(0x3FD34413509F79FF)

// scaleExponent returns z in (0.1, 1] and ex with x ≈ z·10^ex, computed
// in double-precision floating point exactly as SBCL's SCALE-EXPONENT (the
// rounding it loses is what ~E prints).
func scaleExponent(x flo) (flo, int) {
	v := x.v
	if v == 0 {
		return flo{0, x.single}, 1
	}
	_, exponent := math.Frexp(v)
	ex := int(math.RoundToEven(float64(exponent) * log10of2))
	if ex < 0 {
		if v < 0x1p-1022 {
			v = v * 1.0e16 * pow10f(-ex-16)
		} else {
			v = v * 10 * pow10f(-ex-1)
		}
	} else {
		v = v / 10 / pow10f(ex-1)
	}
	y := v
	for den := 10.0; y >= 1; den *= 10 {
		y = v / den
		ex++
	}
	z := y
	for m := 10.0; z < 0.1; m *= 10 {
		z = y * m
		ex--
	}
	if x.single {
		z = float64(float32(z))
	}
	return flo{z, x.single}, ex
}

// pow10f is (expt 10d0 n), which SBCL computes with the C library's pow:
// the correctly rounded power of ten.
func pow10f(n int) float64 {
	f, _ := strconv.ParseFloat("1e"+strconv.Itoa(n), 64)
	return f
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
