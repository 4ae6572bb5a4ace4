package store

import (
	"slices"
	"testing"
)

// Visible keeps exactly the flag values a bit test would keep.
func TestVisibleIsTheBitTest(t *testing.T) {
	for mask := 0; mask <= allFlags; mask++ {
		var want []int
		for v := 0; v <= allFlags; v++ {
			if v&mask == 0 {
				want = append(want, v)
			}
		}
		if got := Visible(mask); !slices.Equal(got, want) {
			t.Errorf("Visible(%d) = %v, want %v", mask, got, want)
		}
	}
	for mask, want := range map[int]string{0: "", 1: "echo IN (0, 2)", 2: "echo IN (0, 1)", 3: "echo = 0"} {
		if got := VisibleSQL("echo", mask); got != want {
			t.Errorf("VisibleSQL(echo, %d) = %q, want %q", mask, got, want)
		}
	}
}
