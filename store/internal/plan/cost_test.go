package plan

import (
	"slices"
	"testing"
)

func TestTrigrams(t *testing.T) {
	// "De" is too short a run, and the escaped _ ends "plOYs".
	sample, total := Trigrams(`De%plOYs\_x`)
	if want := []string{"plo", "loy", "oys"}; total != 3 || !slices.Equal(sample, want) {
		t.Errorf("Trigrams: got %q of %d, want %q of 3", sample, total, want)
	}
	if sample, total := Trigrams("abcdefghijklmn"); total != 12 || len(sample) != sampledTrigrams {
		t.Errorf("long run: got %d of %d", len(sample), total)
	}
}

// TestChoices checks the plan choices on the shapes the benchmarks have:
// a 100k segment in a store of a million.
func TestChoices(t *testing.T) {
	c := Costs{Walk: 2, Scan: 1.6, Index: 7, List: 0.3}
	rare := Stats{Window: Probe, Span: 100_000, Store: 1_000_000, Lists: 0.01}
	if !c.preferIndex(rare, rare.walkRows(21)) || !c.countByIndex(rare) {
		t.Error("a pattern the probe never saw should go to the index")
	}
	dense := Stats{Window: Probe, Matched: 260, Kept: 10, Span: 100_000, Store: 1_000_000, Lists: 2}
	if c.countByIndex(dense) {
		t.Error("a pattern in half the rows should be counted by a scan of the segment")
	}
	if c.preferIndex(dense, dense.walkRows(21)) {
		t.Error("one match in fifty rows should be walked for a limit of 21")
	}
	phrase := Stats{Window: Probe, Matched: 1, Kept: 1, Span: 100_000, Store: 1_000_000, Lists: 4}
	if c.countByIndex(phrase) {
		t.Error("a rare phrase of common trigrams should be counted by a scan")
	}
}
