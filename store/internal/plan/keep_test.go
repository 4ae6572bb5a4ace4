package plan

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// memTable is a Table in memory that can be made to fail.
type memTable struct {
	mu     sync.Mutex
	m      map[TableKey]map[int64]int64
	loads  int
	broken bool
}

func (t *memTable) LoadBlocks(_ context.Context, k TableKey, first, last int64) (map[int64]int64, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.loads++
	if t.broken {
		return nil, errors.New("broken")
	}
	out := map[int64]int64{}
	for b, n := range t.m[k] {
		if first <= b && b <= last {
			out[b] = n
		}
	}
	return out, nil
}

func (t *memTable) SaveBlocks(_ context.Context, k TableKey, blocks map[int64]int64) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.broken {
		return errors.New("broken")
	}
	if t.m == nil {
		t.m = map[TableKey]map[int64]int64{}
	}
	if t.m[k] == nil {
		t.m[k] = map[int64]int64{}
	}
	for b, n := range blocks {
		t.m[k][b] = n
	}
	return nil
}

// handle is a new store handle on table: an empty cache that keeps to it.
func handle(t *testing.T, lo, hi int64, table Table) *countingSegmenter {
	c := &countingSegmenter{lo: lo, hi: hi}
	c.counts.Keep(table)
	t.Cleanup(c.counts.Close)
	return c
}

// TestKeptCounts checks that blocks counted by one handle are served to
// the next from the table, read in one call, and that a broken table
// only costs the counting.
func TestKeptCounts(t *testing.T) {
	seg := store.Segment{Session: "s", Through: math.MaxInt64}
	q := store.Query{Match: "even", Kinds: []string{"b", "a"}}
	table := &memTable{}
	a := handle(t, 1, 100_000, table)
	if n := a.count(t, seg, q); n != 50_000 {
		t.Fatalf("first count %d, want 50000", n)
	}
	a.counts.Close() // waits for the queued write
	b := handle(t, 1, 100_000, table)
	table.loads = 0
	if n := b.count(t, seg, store.Query{Match: "even", Kinds: []string{"a", "b"}}); n != 50_000 {
		t.Errorf("second handle counted %d, want 50000", n)
	}
	if len(b.parts) != 1 || b.counts.Tested() != 0 || table.loads != 1 {
		t.Errorf("second handle counted %d parts, %d whole blocks, in %d table reads; want the end alone in one read",
			len(b.parts), b.counts.Tested(), table.loads)
	}
	table.loads = 0
	b.count(t, seg, q)
	if table.loads != 0 {
		t.Errorf("a repeat read the table %d times, want none: the cache serves it", table.loads)
	}

	table.mu.Lock()
	table.broken = true
	table.mu.Unlock()
	c := handle(t, 1, 100_000, table)
	if n := c.count(t, seg, q); n != 50_000 || c.counts.Tested() != 12 {
		t.Errorf("broken table: counted %d testing %d whole blocks, want 50000 and 12", n, c.counts.Tested())
	}
}

// TestTableKey checks that keys keep kinds as a set and the pattern
// whole, and that keys a backend might refuse are not kept.
func TestTableKey(t *testing.T) {
	a, _ := tableKey("s", []string{"b", "a", "b"}, "x")
	b, _ := tableKey("s", []string{"a", "b"}, "x")
	if a != b || a.Kinds != `["a","b"]` {
		t.Errorf("kinds as a set: %+v and %+v", a, b)
	}
	if k, _ := tableKey("s", nil, "x"); k.Kinds != "[]" {
		t.Errorf("no kinds: %q, want []", k.Kinds)
	}
	// A comma in a kind must not make two sets one key.
	c, _ := tableKey("s", []string{"a,b"}, "x")
	if c == b {
		t.Error(`kinds ["a,b"] and ["a","b"] share a key`)
	}
	for _, m := range []string{strings.Repeat("x", maxTableKey), "nul\x00", "\xff"} {
		if _, ok := tableKey("s", nil, m); ok {
			t.Errorf("pattern %q kept, want it left to the process", m[:min(len(m), 8)])
		}
	}
}
