package plan

import (
	"context"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// countingSegmenter holds one row at each seq in [lo, hi] — with Match
// "even" only the even ones match — and records the parts it is asked to
// count.
type countingSegmenter struct {
	lo, hi int64
	counts Counts
	mu     sync.Mutex
	parts  []store.Segment
}

func (c *countingSegmenter) Costs() Costs { return Costs{Walk: 2, Scan: 1.6, Index: 7, List: 0.3} }

func (c *countingSegmenter) Counts() *Counts { return &c.counts }

func (c *countingSegmenter) Probe(context.Context, store.Segment, store.Query, int) ([]store.Event, Stats, error) {
	panic("not used")
}

func (c *countingSegmenter) Walk(context.Context, store.Segment, store.Query, int, int, *Stats) ([]store.Event, error) {
	panic("not used")
}

func (c *countingSegmenter) Indexed(context.Context, store.Segment, store.Query, int, *Stats) ([]store.Event, error) {
	panic("not used")
}

func (c *countingSegmenter) Count(_ context.Context, g store.Segment, q store.Query, _ bool, _ *Stats) (int64, error) {
	c.mu.Lock()
	c.parts = append(c.parts, g)
	c.mu.Unlock()
	var n int64
	for seq := max(g.After+1, c.lo); seq <= min(g.Through, c.hi); seq++ {
		if q.Match != "even" || seq%2 == 0 {
			n++
		}
	}
	return n, nil
}

// count counts seg for q as Scan does, on a probe of the rows held now.
func (c *countingSegmenter) count(t *testing.T, seg store.Segment, q store.Query) int64 {
	t.Helper()
	c.parts = nil
	st := &Stats{Window: Probe, First: max(c.lo, seg.After+1), Last: min(c.hi, seg.Through)}
	st.Span = st.Last - st.First + 1
	n, err := countParts(context.Background(), c, seg, q, st)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// checkParts checks that the parts of the last count cover seg exactly
// once, keeping its bounds, and returns how many there were.
func (c *countingSegmenter) checkParts(t *testing.T, seg store.Segment) int {
	t.Helper()
	ps := slices.Clone(c.parts)
	slices.SortFunc(ps, func(a, b store.Segment) int { return int(a.After - b.After) })
	if ps[0].After != seg.After || ps[len(ps)-1].Through != seg.Through {
		t.Errorf("parts %v do not keep the bounds of %v", ps, seg)
	}
	for i := 1; i < len(ps); i++ {
		if ps[i].After != ps[i-1].Through {
			t.Errorf("parts %v leave a gap or overlap", ps)
		}
	}
	return len(ps)
}

// TestCountParts checks that a count by parts covers the segment exactly
// once, whatever its span and bounds, with the outer bounds left open so
// rows appended after the probe still count.
func TestCountParts(t *testing.T) {
	for _, span := range []int64{1000, 2 * countBlock, 100_000, 100_001} {
		for _, seg := range []store.Segment{{Session: "s", Through: math.MaxInt64}, {Session: "s", After: 5, Through: 90_000}} {
			c := &countingSegmenter{lo: 1, hi: span}
			want := min(span, seg.Through) - seg.After
			if n := c.count(t, seg, store.Query{Match: "x"}); n != want {
				t.Errorf("span %d, %v: counted %d, want %d", span, seg, n, want)
			}
			c.checkParts(t, seg)
		}
	}
}

// TestCountCache checks that a second count takes the whole blocks from
// the cache and counts only the ends, that rows appended since count, and
// that counts of other patterns and kinds are kept apart.
func TestCountCache(t *testing.T) {
	seg := store.Segment{Session: "s", Through: math.MaxInt64}
	c := &countingSegmenter{lo: 1, hi: 100_000}
	q := store.Query{Match: "x", Kinds: []string{"b", "a"}}
	c.count(t, seg, q)
	first := c.checkParts(t, seg)
	if n := c.count(t, seg, q); n != 100_000 {
		t.Errorf("repeat: counted %d, want 100000", n)
	}
	if len(c.parts) != 1 || first < 10 {
		t.Errorf("repeat counted %d parts after %d, want the end alone", len(c.parts), first)
	}
	if n := c.count(t, seg, store.Query{Match: "x", Kinds: []string{"a", "b", "a"}}); n != 100_000 || len(c.parts) != 1 {
		t.Errorf("same kinds in another order: counted %d in %d parts, want 100000 from the cache", n, len(c.parts))
	}
	if n := c.count(t, seg, store.Query{Match: "X", Kinds: q.Kinds}); n != 100_000 || len(c.parts) != 1 {
		t.Errorf("the pattern in other case: counted %d in %d parts, want 100000 from the cache", n, len(c.parts))
	}
	if n := c.count(t, seg, store.Query{Match: "even", Kinds: q.Kinds}); n != 50_000 {
		t.Errorf("another pattern: counted %d, want 50000", n)
	}
	if n := c.count(t, seg, store.Query{Match: "x"}); n != 100_000 || len(c.parts) < 10 {
		t.Errorf("no kinds: counted %d in %d parts, want 100000 counted afresh", n, len(c.parts))
	}
	c.hi += 300
	if n := c.count(t, seg, q); n != 100_300 {
		t.Errorf("after appends: counted %d, want 100300", n)
	}
	page := store.Segment{Session: "s", Through: 60_000}
	if n := c.count(t, page, q); n != 60_000 || len(c.parts) != 1 {
		t.Errorf("a page below: counted %d in %d parts, want 60000 from the cache and one end", n, len(c.parts))
	}
	page.Through = 7 * countBlock
	if n := c.count(t, page, q); n != page.Through || len(c.parts) != 0 {
		t.Errorf("a page ending on a block: counted %d in %d parts, want %d from the cache alone", n, len(c.parts), page.Through)
	}
}
