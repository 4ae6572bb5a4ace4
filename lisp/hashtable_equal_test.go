package lisp

import "testing"

// TestEqualKeysWithVectors pins how an equal table hashes a list holding
// vectors, as a memoizing cache keys (list xs ys n i): a vector other
// than a bit vector is the same key only when eq, and hashing it costs
// its address, not its items (issue 30: Thiele's interpolation printed 34
// floats a lookup and timed out). Bit vectors stay keys by content.
func TestEqualKeysWithVectors(t *testing.T) {
	h := NewHashTable(SymEqual)
	floats := func() *Vector {
		v := &Vector{Items: make([]Value, 257)}
		for i := range v.Items {
			v.Items[i] = Float(float64(i) / 7)
		}
		return v
	}
	xs, ys, twin := floats(), floats(), floats()
	key := func(v *Vector, n int64) Value { return List(v, ys, Fixnum(n), Fixnum(1)) }
	h.Put(key(xs, 3), Fixnum(30))
	if v, ok := h.Get(key(xs, 3)); !ok || v != Value(Fixnum(30)) {
		t.Errorf("a fresh list of the same vectors: got %v, %v; want 30", v, ok)
	}
	if _, ok := h.Get(key(twin, 3)); ok {
		t.Error("a vector with equal items but not eq found the entry; equal compares vectors with eq")
	}
	if _, ok := h.Get(key(xs, 4)); ok {
		t.Error("another n found the entry")
	}
	bits := func() *Vector { return &Vector{Bits: true, Items: []Value{Fixnum(1), Fixnum(0)}} }
	h.Put(List(bits()), Fixnum(1))
	if _, ok := h.Get(List(bits())); !ok {
		t.Error("a bit vector with the same bits did not find the entry; equal compares bit vectors by content")
	}
	probe := key(xs, 3)
	if n := testing.AllocsPerRun(50, func() { h.Get(probe) }); n > 1 {
		t.Errorf("a lookup of (list xs ys 3 1): %.0f allocations, want at most 1", n)
	}
}
