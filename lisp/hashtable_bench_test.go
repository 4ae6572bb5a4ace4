package lisp

import (
	"strconv"
	"testing"
)

// BenchmarkEqualStringKeys fills an equal table with 200,000 fresh string
// keys and looks up 200,000 more, half of them present: the shape of
// ../shared/bench/hash.lisp without the evaluator.
func BenchmarkEqualStringKeys(b *testing.B) {
	const n = 200_000
	keys := make([]Value, n)
	vals := make([]Value, n)
	probes := make([]Value, n)
	for i := range n {
		keys[i] = NewString("k" + strconv.Itoa(i))
		vals[i] = Fixnum(i)
		probes[i] = NewString("k" + strconv.Itoa(2*i))
	}
	b.ReportAllocs()
	for b.Loop() {
		h := NewHashTable(SymEqual)
		for i, k := range keys {
			h.Put(k, vals[i])
		}
		hits := 0
		for _, p := range probes {
			if _, ok := h.Get(p); ok {
				hits++
			}
		}
		if hits != n/2 {
			b.Fatalf("%d hits, want %d", hits, n/2)
		}
	}
}
