package plan

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// countingSegmenter counts the seqs of a segment in [lo, hi] whose parts
// it is asked for, recording each part.
type countingSegmenter struct {
	lo, hi int64
	mu     sync.Mutex
	parts  []store.Segment
}

func (c *countingSegmenter) Costs() Costs { return Costs{Walk: 2, Scan: 1.6, Index: 7, List: 0.3} }

func (c *countingSegmenter) Probe(context.Context, store.Segment, store.Query, int) ([]store.Event, Stats, error) {
	panic("not used")
}

func (c *countingSegmenter) Walk(context.Context, store.Segment, store.Query, int, int, *Stats) ([]store.Event, error) {
	panic("not used")
}

func (c *countingSegmenter) Indexed(context.Context, store.Segment, store.Query, int) ([]store.Event, error) {
	panic("not used")
}

func (c *countingSegmenter) Count(_ context.Context, g store.Segment, _ store.Query, _ bool, _ *Stats) (int64, error) {
	c.mu.Lock()
	c.parts = append(c.parts, g)
	c.mu.Unlock()
	lo, hi := max(g.After+1, c.lo), min(g.Through, c.hi)
	return max(hi-lo+1, 0), nil
}

// TestCountParts checks that a parallel count covers the segment exactly
// once, whatever the number of parts, with the outer bounds left open so
// rows appended after the probe still count.
func TestCountParts(t *testing.T) {
	for _, span := range []int64{1000, 2 * countPart, 100_000, 100_001} {
		c := &countingSegmenter{lo: 7, hi: 7 + span - 1}
		seg := store.Segment{Session: "s", After: 0, Through: math.MaxInt64}
		st := &Stats{Window: Probe, First: c.lo, Last: c.hi, Span: span}
		n, err := countParts(context.Background(), c, seg, store.Query{Match: "x"}, st)
		if err != nil || n != span {
			t.Errorf("span %d: counted %d (%v)", span, n, err)
		}
		want := min(runtime.GOMAXPROCS(0), 4, int(span/countPart))
		if want < 2 {
			want = 1
		}
		if len(c.parts) != want {
			t.Errorf("span %d: %d parts, want %d", span, len(c.parts), want)
		}
		slices.SortFunc(c.parts, func(a, b store.Segment) int { return int(a.After - b.After) })
		if c.parts[0].After != seg.After || c.parts[len(c.parts)-1].Through != seg.Through {
			t.Errorf("span %d: parts %v do not keep the segment's bounds", span, c.parts)
		}
		for i := 1; i < len(c.parts); i++ {
			if c.parts[i].After != c.parts[i-1].Through {
				t.Errorf("span %d: parts %v leave a gap or overlap", span, c.parts)
			}
		}
	}
}
