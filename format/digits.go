package format

import (
	"math"
	"math/big"
)

// flo is a float to print: its value and whether it stands for a
// single-float (FORMAT coerces rationals to single-float, as SBCL does,
// and prints them with single precision).
type flo struct {
	v      float64
	single bool
}

// decode returns the integer significand f, exponent e (v = f·2^e), the
// precision p and the smallest exponent of a normal number, with
// subnormal significands shifted up to full precision.
func (x flo) decode() (f *big.Int, e, p, minE int) {
	if x.single {
		bits := math.Float32bits(float32(math.Abs(x.v)))
		mant, exp := int64(bits&(1<<23-1)), int((bits>>23)&0xff)
		p, minE = 24, -149
		if exp == 0 {
			e = -149
		} else {
			mant |= 1 << 23
			e = exp - 150
		}
		f = big.NewInt(mant)
	} else {
		bits := math.Float64bits(math.Abs(x.v))
		mant, exp := int64(bits&(1<<52-1)), int((bits>>52)&0x7ff)
		p, minE = 53, -1074
		if exp == 0 {
			e = -1074
		} else {
			mant |= 1 << 52
			e = exp - 1075
		}
		f = big.NewInt(mant)
	}
	if l := f.BitLen(); l < p {
		f.Lsh(f, uint(p-l))
		e -= p - l
	}
	return
}

var (
	bigTen = big.NewInt(10)
	bigTwo = big.NewInt(2)
)

func pow10(n int) *big.Int { return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil) }

// digits generates the decimal digits of |x| by Burger and Dybvig's
// free-format algorithm, as SBCL's FLONUM-TO-DIGITS does: it returns k and
// a digit string ds with |x| ≈ 0.ds × 10^k. With a position the digits stop
// at that decimal place (10^position), rounding correctly and ties away
// from zero; relative makes position a count of significant digits.
func (x flo) digits(position int, hasPosition, relative bool) (int, string) {
	if x.v == 0 {
		return 0, "0"
	}
	f, e, p, minE := x.decode()
	even := f.Bit(0) == 0
	highOK, lowOK := even, even
	r, s, mPlus, mMinus := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	pow2p := new(big.Int).Lsh(big.NewInt(1), uint(p-1))
	isPow2 := f.Cmp(pow2p) == 0
	switch {
	case e >= 0:
		be := new(big.Int).Lsh(big.NewInt(1), uint(e))
		mMinus.Set(be)
		if !isPow2 {
			r.Lsh(f, uint(e+1))
			s.SetInt64(2)
			mPlus.Set(be)
		} else {
			mPlus.Lsh(be, 1)
			r.Lsh(f, uint(e+2))
			s.SetInt64(4)
		}
	case e == minE || !isPow2:
		r.Lsh(f, 1)
		s.Lsh(big.NewInt(1), uint(1-e))
		mPlus.SetInt64(1)
		mMinus.SetInt64(1)
	default:
		r.Lsh(f, 2)
		s.Lsh(big.NewInt(1), uint(2-e))
		mPlus.SetInt64(2)
		mMinus.SetInt64(1)
	}
	if hasPosition {
		if relative {
			position = relativePosition(r, s, mPlus, position)
		}
		// Half a unit in the cut-off place, s·10^position/2, made an
		// integer by scaling every quantity by 10^-position when the
		// place is a fraction (s is even, so the halving is exact).
		half := new(big.Int).Mul(s, pow10(max(position, 0)))
		half.Quo(half, bigTwo)
		if position < 0 {
			scale := pow10(-position)
			for _, q := range []*big.Int{r, s, mPlus, mMinus} {
				q.Mul(q, scale)
			}
		}
		if mMinus.Cmp(half) < 0 {
			mMinus.Set(half)
		}
		if mPlus.Cmp(half) < 0 {
			mPlus.Set(half)
		}
		lowOK, highOK = true, true
	}
	// Find k: the smallest with r+m+ below s·10^k.
	k := 0
	rPlus := new(big.Int).Add(r, mPlus)
	for c := rPlus.Cmp(s); c > 0 || highOK && c == 0; c = rPlus.Cmp(s) {
		s.Mul(s, bigTen)
		k++
	}
	tmp := new(big.Int)
	for r.Cmp(mMinus) > 0 {
		tmp.Add(r, mPlus)
		tmp.Mul(tmp, bigTen)
		c := tmp.Cmp(s)
		if !(c < 0 || !highOK && c == 0) {
			break
		}
		k--
		r.Mul(r, bigTen)
		mPlus.Mul(mPlus, bigTen)
		mMinus.Mul(mMinus, bigTen)
	}
	return k, generate(r, s, mPlus, mMinus, lowOK, highOK)
}

// relativePosition turns a count n of significant digits into an
// absolute position for r/s, as SBCL's relative mode does.
func relativePosition(r, s, mPlus *big.Int, n int) int {
	k := 0
	l := big.NewInt(1)
	rPlus := new(big.Int).Add(r, mPlus)
	for new(big.Int).Mul(s, l).Cmp(rPlus) < 0 {
		k++
		l.Mul(l, bigTen)
	}
	// r + s·10^(k-n)/2 < s·10^k, both sides multiplied by 2·10^a.
	a := max(0, n-k)
	lhs := new(big.Int).Mul(r, pow10(a))
	lhs.Lsh(lhs, 1)
	lhs.Add(lhs, new(big.Int).Mul(s, pow10(k-n+a)))
	rhs := new(big.Int).Mul(s, l)
	rhs.Mul(rhs, pow10(a))
	rhs.Lsh(rhs, 1)
	if lhs.Cmp(rhs) < 0 {
		return k - n
	}
	return k - n - 1
}

func generate(r, s, mPlus, mMinus *big.Int, lowOK, highOK bool) string {
	var out []byte
	d := new(big.Int)
	sum := new(big.Int)
	for {
		r.Mul(r, bigTen)
		d.QuoRem(r, s, r)
		mPlus.Mul(mPlus, bigTen)
		mMinus.Mul(mMinus, bigTen)
		c1 := r.Cmp(mMinus)
		tc1 := c1 < 0 || lowOK && c1 == 0
		sum.Add(r, mPlus)
		c2 := sum.Cmp(s)
		tc2 := c2 > 0 || highOK && c2 == 0
		digit := byte(d.Int64())
		if !tc1 && !tc2 {
			out = append(out, '0'+digit)
			continue
		}
		switch {
		case tc2 && !tc1:
			digit++
		case tc1 && !tc2:
		default:
			if new(big.Int).Lsh(r, 1).Cmp(s) >= 0 {
				digit++
			}
		}
		return string(append(out, '0'+digit))
	}
}
