package lisp

import (
	"fmt"
	"testing"
)

// A table larger than several chunks keeps every entry findable and
// visits them in insertion order, through removals and the compaction
// that follows them, and after entries are added again.
func TestHashTableAcrossChunks(t *testing.T) {
	h := NewHashTable(SymEqual)
	const n = 3*chunkSize + 17
	key := func(i int) Value { return &String{S: fmt.Sprintf("k%d", i)} }
	for i := 0; i < n; i++ {
		h.Put(key(i), MakeInt(int64(i)))
	}
	for i := 0; i < n; i += 2 {
		if !h.Remove(key(i)) {
			t.Fatalf("remove k%d: not found", i)
		}
	}
	for i := 0; i < n; i += 3 {
		h.Put(key(i), MakeInt(int64(-i)))
	}
	want := map[int]int64{}
	var order []int
	for i := 0; i < n; i++ {
		if i%2 == 1 {
			want[i] = int64(i)
			order = append(order, i)
		}
	}
	for i := 0; i < n; i += 3 {
		if i%2 == 1 {
			want[i] = int64(-i)
		} else {
			want[i] = int64(-i)
			order = append(order, i)
		}
	}
	if h.Count() != len(want) {
		t.Fatalf("count %d, want %d", h.Count(), len(want))
	}
	for i, v := range want {
		got, ok := h.Get(key(i))
		if !ok || got != Fixnum(v) {
			t.Fatalf("k%d = %v, %v; want %d", i, got, ok, v)
		}
	}
	var seen []string
	h.Each(func(k, v Value) bool {
		seen = append(seen, k.(*String).S)
		return true
	})
	if len(seen) != len(order) {
		t.Fatalf("visited %d entries, want %d", len(seen), len(order))
	}
	for j, i := range order {
		if seen[j] != fmt.Sprintf("k%d", i) {
			t.Fatalf("entry %d visited is %s, want k%d", j, seen[j], i)
		}
	}
}
