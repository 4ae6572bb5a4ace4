package lisp

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestStringKeysAgainstGoMap runs random puts, gets and removes of string
// keys on an equal and an equalp table and a Go map side by side: the slot
// index must find what the map finds through growth and the backward
// shifts of removal, and equalp must ignore case.
func TestStringKeysAgainstGoMap(t *testing.T) {
	for _, test := range []*Symbol{SymEqual, SymEqualp} {
		t.Run(test.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			h := NewHashTable(test)
			want := map[string]int64{}
			norm := func(s string) string {
				if test == SymEqualp {
					return strings.ToLower(s)
				}
				return s
			}
			for step := range 40_000 {
				s := "k" + strconv.Itoa(rng.IntN(3000))
				if rng.IntN(2) == 0 {
					s = strings.ToUpper(s)
				}
				switch rng.IntN(4) {
				case 0, 1:
					h.Put(NewString(s), Fixnum(step))
					want[norm(s)] = int64(step)
				case 2:
					_, had := want[norm(s)]
					if got := h.Remove(NewString(s)); got != had {
						t.Fatalf("step %d: remove %q: %v, want %v", step, s, got, had)
					}
					delete(want, norm(s))
				}
				v, ok := h.Get(NewString(s))
				w, had := want[norm(s)]
				if ok != had || ok && v != Value(Fixnum(w)) {
					t.Fatalf("step %d: get %q: %v %v, want %v %v", step, s, v, ok, w, had)
				}
			}
			if h.Count() != len(want) {
				t.Errorf("count %d, want %d", h.Count(), len(want))
			}
			for s, w := range want {
				if v, ok := h.Get(NewString(s)); !ok || v != Value(Fixnum(w)) {
					t.Errorf("get %q: %v %v, want %d", s, v, ok, w)
				}
			}
		})
	}
}

// TestStringKeyLookupAllocates nothing: a lookup hashes the string in
// place (equal, or equalp on a lowercase key) and a new key adds no
// allocation but the entries' and slots' amortized growth.
func TestStringKeyLookupAllocates(t *testing.T) {
	for _, test := range []*Symbol{SymEqual, SymEqualp} {
		h := NewHashTable(test)
		for i := range 1000 {
			h.Put(NewString("k"+strconv.Itoa(i)), Fixnum(i))
		}
		probe := NewString("k500")
		if n := testing.AllocsPerRun(100, func() { h.Get(probe) }); n != 0 {
			t.Errorf("%s: a lookup allocates %.0f times, want 0", test.Name, n)
		}
	}
}
