package lisp

import (
	"math/big"
	"strings"
	"testing"
)

// Split parsing gives what one SetString gives, in every base, at sizes
// around the split.
func TestParseDigits(t *testing.T) {
	for _, base := range []int{2, 10, 16, 36} {
		for _, n := range []int{1, splitDigits, splitDigits + 1, 3*splitDigits + 7} {
			var b strings.Builder
			for i := 0; i < n; i++ {
				b.WriteByte("0123456789abcdefghijklmnopqrstuvwxyz"[(i*7+3)%base])
			}
			want, _ := new(big.Int).SetString(b.String(), base)
			got, ok := ParseDigits(b.String(), base)
			if !ok || got.Cmp(want) != 0 {
				t.Errorf("base %d, %d digits: got %v (ok %v)", base, n, got.BitLen(), ok)
			}
		}
	}
	if _, ok := ParseDigits(strings.Repeat("9", 6_000_000), 10); ok {
		t.Error("six million decimal digits: want too large")
	}
}
