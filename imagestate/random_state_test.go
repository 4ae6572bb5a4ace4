package imagestate

import (
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// A random state in a global comes back at the point it had reached: the
// state read back draws the numbers the original goes on to draw, so a
// resumed session continues its sequence. Words above a fixnum print as
// bignums and read back.
func TestRandomStateContinuesItsSequence(t *testing.T) {
	rs := lisp.NewRandomState(1<<63+5, 42)
	rs.Rand().Uint64()
	back, ok := roundTrip(t, rs).(*lisp.RandomState)
	if !ok {
		t.Fatalf("read back a %T, want a random state", back)
	}
	for i := range 5 {
		if want, got := rs.Rand().Uint64(), back.Rand().Uint64(); got != want {
			t.Fatalf("draw %d: got %d, want %d", i, got, want)
		}
	}
}

// Two places holding one state hold one state after the round trip, so
// drawing from one advances the other, as before.
func TestRandomStateSharedStaysShared(t *testing.T) {
	rs := lisp.NewRandomState(7, 9)
	back, ok := roundTrip(t, lisp.List(rs, rs)).(*lisp.Cons)
	if !ok {
		t.Fatalf("read back %v, want a list", back)
	}
	if lisp.Car(back) != lisp.Car(back.Cdr) {
		t.Errorf("the two states read back are different objects")
	}
}
