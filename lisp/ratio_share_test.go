package lisp

import (
	"math/big"
	"testing"
)

// TestRatioPartsNotCopied pins the continued-fraction fold of cfrac.lisp,
// x ← 1/(2 + x) on ratios of hundreds of digits: the reciprocal shares
// the sum's parts (no gcd with 1, no multiplication by 1, no copies into
// the new ratio), and the sum copies nothing but what it computes. Before,
// each step allocated the copies of both parts and more.
func TestRatioPartsNotCopied(t *testing.T) {
	x := Value(Fixnum(0))
	for range 1000 {
		x = Div(Fixnum(1), Add(Fixnum(2), x))
	}
	r, ok := x.(*big.Rat)
	if !ok || r.Num().BitLen() < 1000 {
		t.Fatalf("after 1000 folds: %v, want a ratio of over 1000 bits", x)
	}
	sum := Add(Fixnum(2), x)
	if n := testing.AllocsPerRun(50, func() { Div(Fixnum(1), sum) }); n > 2 {
		t.Errorf("(/ 1 r): %.0f allocations, want at most 2 (the ratio and its denominator's one)", n)
	}
	if n := testing.AllocsPerRun(50, func() { Add(Fixnum(2), x) }); n > 4 {
		t.Errorf("(+ 2 r): %.0f allocations, want at most 4", n)
	}
}
