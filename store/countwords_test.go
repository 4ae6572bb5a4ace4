package store

import (
	"slices"
	"strings"
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

// TestCountWordsAsStringsCount checks the byte-wise fold against the
// definition, strings.Count over LowerASCII, on bodies of every kind.
func TestCountWordsAsStringsCount(t *testing.T) {
	words := []string{"ab", "AB", "é", "Ü", "a\x00", "zz", "bab"}
	for _, body := range []string{"", "abABaBAb", "ÉCOLE école", "ÜBER über", "a\x00A\x00", "zzzzz", "babab BABAB", "\xff\xfeAB"} {
		got := CountWords(body, words)
		for i, w := range words {
			if want := int64(strings.Count(LowerASCII(body), LowerASCII(w))); got[i] != want {
				t.Errorf("CountWords(%q) for %q: got %d, want %d", body, w, got[i], want)
			}
		}
	}
}
