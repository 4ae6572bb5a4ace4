package store

import (
	"slices"
	"testing"
)

func TestCountWords(t *testing.T) {
	// ASCII letters fold, others do not; occurrences do not overlap.
	got := CountWords("Aaa AAA ÄÄ café CAFÉ aaaa", []string{"aa", "ä", "Café", "x"})
	if want := []int64{4, 0, 1, 0}; !slices.Equal(got, want) {
		t.Errorf("CountWords: got %v, want %v", got, want)
	}
	hits := []Hit{{Body: "deploy Deploy", Title: "t"}}
	Counted(hits, []string{"deploy"})
	if hits[0].Body != "" || !slices.Equal(hits[0].Counts, []int64{2}) {
		t.Errorf("Counted: got %+v", hits[0])
	}
}
