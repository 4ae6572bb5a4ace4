package plan

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/nodelisp/nodelisp/store"
)

// A log only grows, and a session's new events take seqs above its last
// one, so the number of a session's events of some kinds matching some
// pattern among seqs up to one a read has seen never changes. A count that
// tests every row is therefore made of fixed blocks of seqs, each counted
// once per store and kept (here, and in the store: keep.go), plus the
// ragged ends: a repeat of the count, or
// the next page down (:before moves by a page), costs the ends alone.

// countBlock is the seqs in one cached block: small enough that the ends
// of a count are cheap to test, large enough that the fixed costs of a
// statement per block stay a few percent of testing its rows.
const countBlock = 8192

// flagMargin is how many events may come between an event and the later
// one that sets its flag (store/echo.go): a cell's call and its result,
// with whatever the cell appended in between, far fewer in practice.
const flagMargin = 1024

// maxCounts bounds the cache's entries (a few MB); past it the cache
// starts again empty.
const maxCounts = 1 << 16

// Counts is a store's cache of block counts. The zero value is ready and
// keeps counts in the process alone; Keep adds the store's table.
type Counts struct {
	mu     sync.Mutex
	m      map[countKey]int64
	keeper *keeper
	// tested is how many whole blocks were counted by testing their rows.
	tested atomic.Int64
}

// Tested returns how many whole blocks c's store has counted by testing
// their rows rather than taking a kept count: tests read it to see that
// a count was served from the cache or the table.
func (c *Counts) Tested() int64 { return c.tested.Load() }

type countKey struct {
	session, kinds, match string
	block                 int64
}

func (c *Counts) get(k countKey) (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, ok := c.m[k]
	return n, ok
}

func (c *Counts) put(k countKey, n int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCounts {
		c.m = map[countKey]int64{}
	}
	c.m[k] = n
}

// kindsKey names a set of kinds whatever their order.
func kindsKey(kinds []string) string {
	ks := slices.Clone(kinds)
	slices.Sort(ks)
	return strings.Join(slices.Compact(ks), "\x00")
}

// countParts counts a segment by testing every row. The seqs the probe saw
// (up to st.Last) are split into whole blocks, taken from the cache when
// counted before in this process, else from the store's table in one
// read; the rest — the blocks not yet counted, and the ends below the
// first whole block and above the last, where the segment's own bounds
// are kept so rows appended since the probe count — are counted at the
// same time on as many connections as there are CPUs (at most four):
// testing a dense pattern on every row of a long session is CPU-bound,
// and the backends run one statement on one core. The blocks counted
// here go to the cache, and to the table behind the read's back.
func countParts(ctx context.Context, b Segmenter, seg store.Segment, q store.Query, st *Stats) (int64, error) {
	if st.Span < 2*countBlock {
		return b.Count(ctx, seg, q, false, st)
	}
	first := (seg.After + countBlock - 1) / countBlock
	last := min(seg.Through, st.Last)/countBlock - 1
	keyKinds := q.Kinds
	if m := store.Hidden(q.SkipEchoes, q.SkipRepeats); m != 0 {
		// A read that skips flagged events counts apart from one that
		// does not. An event's flag may be set by a later append (a
		// cell's result flags its call, an input is flagged by its
		// call), so a block is kept only once flagMargin events follow
		// it.
		keyKinds = append(slices.Clone(q.Kinds), fmt.Sprintf("\x00hidden %d", m))
		last = (min(seg.Through, st.Last)-flagMargin)/countBlock - 1
	}
	cache := b.Counts()
	kinds := kindsKey(keyKinds)
	// Patterns that match the same texts share their counts.
	match := store.FoldedLike(q.Match)
	var n int64
	var missing []int64
	for k := first; k <= last; k++ {
		if c, ok := cache.get(countKey{seg.Session, kinds, match, k}); ok {
			n += c
		} else {
			missing = append(missing, k)
		}
	}
	tkey, keepable := tableKey(seg.Session, keyKinds, match)
	keeper := cache.keeper
	if !keepable {
		keeper = nil
	}
	if len(missing) > 0 {
		kept := keeper.load(ctx, tkey, missing[0], missing[len(missing)-1])
		missing = slices.DeleteFunc(missing, func(k int64) bool {
			c, ok := kept[k]
			if ok {
				cache.put(countKey{seg.Session, kinds, match, k}, c)
				n += c
			}
			return ok
		})
	}
	type part struct {
		seg   store.Segment
		block int64 // -1 for an end
	}
	var todo []part
	if lo := first * countBlock; lo > seg.After {
		todo = append(todo, part{store.Segment{Session: seg.Session, After: seg.After, Through: lo}, -1})
	}
	for _, k := range missing {
		todo = append(todo, part{store.Segment{Session: seg.Session, After: k * countBlock, Through: (k + 1) * countBlock}, k})
	}
	if hi := (last + 1) * countBlock; hi < seg.Through {
		todo = append(todo, part{store.Segment{Session: seg.Session, After: hi, Through: seg.Through}, -1})
	}
	ns := make([]int64, len(todo))
	errs := make([]error, len(todo))
	next := make(chan int, len(todo))
	for i := range todo {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), 4, len(todo)) {
		wg.Go(func() {
			for i := range next {
				ns[i], errs[i] = b.Count(ctx, todo[i].seg, q, false, st)
			}
		})
	}
	wg.Wait()
	counted := map[int64]int64{}
	for i, p := range todo {
		if errs[i] != nil {
			return 0, errs[i]
		}
		if p.block >= 0 {
			cache.put(countKey{seg.Session, kinds, match, p.block}, ns[i])
			counted[p.block] = ns[i]
		}
		n += ns[i]
	}
	cache.tested.Add(int64(len(counted)))
	keeper.enqueue(tkey, counted)
	return n, nil
}
