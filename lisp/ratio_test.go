package lisp

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The reduced-gcd ratio arithmetic must agree with math/big's Rat, which
// reduces every result in full, and must leave its results in lowest terms
// with the integers among them as integers.
func TestRatioArithmeticMatchesBigRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		a, b := randomRational(rng), randomRational(rng)
		ra, rb := ToRat(a), ToRat(b)
		check := func(op string, got Value, want *big.Rat) {
			t.Helper()
			checkCanonical(t, op, got)
			if ToRat(got).Cmp(want) != 0 {
				t.Fatalf("case %d: (%s %v %v) = %v, want %v", i, op, a, b, got, want.RatString())
			}
		}
		check("+", Add(a, b), new(big.Rat).Add(ra, rb))
		check("-", Sub(a, b), new(big.Rat).Sub(ra, rb))
		check("*", Mul(a, b), new(big.Rat).Mul(ra, rb))
		if rb.Sign() != 0 {
			check("/", Div(a, b), new(big.Rat).Quo(ra, rb))
		}
		if got, want := Compare("<", a, b), ra.Cmp(rb); got != want {
			t.Fatalf("case %d: Compare(%v, %v) = %d, want %d", i, a, b, got, want)
		}
	}
}

// checkCanonical fails unless v is the one representation Lisp expects of
// its value: a fixnum when it fits, a bignum otherwise, a ratio only with
// a denominator above 1 and no common factor.
func checkCanonical(t *testing.T, op string, v Value) {
	t.Helper()
	switch n := v.(type) {
	case Fixnum:
	case *big.Int:
		if n.IsInt64() {
			t.Fatalf("%s gave bignum %v that fits a fixnum", op, n)
		}
	case *big.Rat:
		g := new(big.Int).GCD(nil, nil, n.Num(), n.Denom())
		if n.Denom().Cmp(bigOne) <= 0 || g.Cmp(bigOne) != 0 {
			t.Fatalf("%s gave unreduced ratio %s/%s", op, n.Num(), n.Denom())
		}
	default:
		t.Fatalf("%s gave %T", op, v)
	}
}

// randomRational returns a fixnum, bignum or ratio with small factors in
// common often enough to exercise every cancellation.
func randomRational(rng *rand.Rand) Value {
	part := func() *big.Int {
		n := big.NewInt(1)
		for range rng.IntN(12) {
			n.Mul(n, big.NewInt([]int64{2, 3, 5, 7, 1<<31 - 1, 1 << 31, 1 << 40, 1<<61 - 1, 10007}[rng.IntN(9)]))
		}
		if rng.IntN(4) == 0 {
			n.Add(n, big.NewInt(rng.Int64N(1000)))
		}
		if rng.IntN(3) == 0 {
			n.Neg(n)
		}
		return n
	}
	switch rng.IntN(4) {
	case 0:
		return MakeInt(rng.Int64N(2001) - 1000)
	case 1:
		return NormBig(part())
	}
	d := part()
	if d.Sign() == 0 {
		d.SetInt64(1)
	}
	return NormRat(new(big.Rat).SetFrac(part(), d))
}

// BenchmarkSmallRatios adds, multiplies and divides ratios of small
// integers, the int64 path.
func BenchmarkSmallRatios(b *testing.B) {
	x, y := Div(MakeInt(22), MakeInt(7)), Div(MakeInt(-355), MakeInt(113))
	b.ReportAllocs()
	for b.Loop() {
		Div(Mul(Add(x, y), Sub(x, y)), y)
	}
}
