package lisp

import (
	"math/big"
	"runtime"
	"testing"
)

// TestBignumAllocationSize checks that a product of five or six words is
// made in one 80-byte object (issue 33: hamming makes three million of
// them), not rounded up to the eight-word object's 96 bytes.
func TestBignumAllocationSize(t *testing.T) {
	x, _ := new(big.Int).SetString("519312780448388736089589843750000000000000000000000000000000000000000000000000000000", 10)
	if w := len(x.Bits()); w != 5 {
		t.Fatalf("the operand has %d words, want 5", w)
	}
	a := NormBig(x)
	// Other goroutines of the test binary allocate now and then while the
	// loop runs (a CI run once counted 85 bytes a product); many products
	// and a bound halfway to the 96 bytes of the old rounding keep the
	// check on the one thing it is about.
	const n = 50000
	out := make([]Value, n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range out {
		out[i] = Mul(a, Fixnum(5))
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per >= 88 {
		t.Errorf("(* x 5) of a 5-word x allocates %d bytes, want 80 (at most 87, allowing for other goroutines)", per)
	}
	if got, want := out[n-1].(*big.Int).String(), new(big.Int).Mul(x, big.NewInt(5)).String(); got != want {
		t.Errorf("product %s, want %s", got, want)
	}
}
