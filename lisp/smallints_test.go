package lisp

import "testing"

// The generated table must hold each integer at its own slot: MakeInt
// hands out pointers into it as those integers.
func TestSmallValsTable(t *testing.T) {
	for i, v := range smallVals {
		if v != int64(i+smallMin) {
			t.Fatalf("smallVals[%d] = %d, want %d", i, v, i+smallMin)
		}
	}
	for _, n := range []int64{smallMin, -1, 0, 1, smallMax} {
		if got := MakeInt(n); got != Fixnum(n) {
			t.Errorf("MakeInt(%d) = %v", n, got)
		}
	}
}
