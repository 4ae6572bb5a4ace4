package lisp

import "testing"

// TestCompareFixnumFloat checks the exact comparison of a fixnum with a
// float on both sides of 2^53, where a double stops holding every
// integer, and that a fixnum a double holds is compared without
// allocating (a loop up to (sqrt n) compares one at every step; through
// rationals it cost four allocations each time).
func TestCompareFixnumFloat(t *testing.T) {
	cases := []struct {
		a, b Value
		want int
	}{
		{Fixnum(3), Float(3.5), -1},
		{Fixnum(4), Float(4), 0},
		{Float(-3.5), Fixnum(-3), -1},
		{Fixnum(1 << 53), Float(1 << 53), 0},
		{Fixnum(1<<53 + 1), Float(1 << 53), 1},
		{Float(1 << 53), Fixnum(1<<53 + 1), -1},
		{Fixnum(-1<<53 - 1), Float(-1 << 53), -1},
		{Fixnum(1<<62 - 1), Float(1 << 62), -1},
	}
	for _, c := range cases {
		if got := Compare("<", c.a, c.b); got != c.want {
			t.Errorf("Compare(%s, %s) = %d, want %d", Prin1ToString(c.a), Prin1ToString(c.b), got, c.want)
		}
	}
	a, b := Value(Fixnum(4000001)), Value(Float(4093684.5))
	if n := testing.AllocsPerRun(100, func() { Compare("<=", a, b) }); n != 0 {
		t.Errorf("comparing a fixnum with a float: %.0f allocations, want 0", n)
	}
}
