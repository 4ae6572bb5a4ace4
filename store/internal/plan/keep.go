package plan

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"time"
	"unicode/utf8"
)

// Block counts are kept in the store as well as in the process (the
// block_counts table of migration 0002), so that a count made by one
// process serves the next: agents run each recall script in a process of
// its own. The table is only ever an aid. Reading it costs one statement
// per count; writing it is done off the read's path, by one goroutine per
// store fed through a short queue, and a write that fails or finds the
// table busy or read-only is dropped: the count it would have kept is
// simply made again next time.

// Table is a store's persistent table of block counts.
type Table interface {
	// LoadBlocks returns the kept counts of key's blocks first to last.
	LoadBlocks(ctx context.Context, key TableKey, first, last int64) (map[int64]int64, error)
	// SaveBlocks keeps counts of key's blocks, leaving any already kept.
	SaveBlocks(ctx context.Context, key TableKey, blocks map[int64]int64) error
}

// TableKey names the blocks of one session counted for one set of kinds
// and one pattern. The table holds the key whole, so two keys never share
// rows; Kinds is the set as a sorted JSON array.
type TableKey struct {
	Session, Kinds, Match string
}

// maxTableKey bounds the bytes of kinds and pattern a kept row holds;
// counts of longer keys stay in the process.
const maxTableKey = 1024

// MaxKept bounds the table's rows (a few MB); backends drop the oldest
// past it.
const MaxKept = 1 << 16

// saveWait bounds one write to the table, and drainWait how long closing
// a store waits for the writes still queued.
const (
	saveWait  = 2 * time.Second
	drainWait = 2 * time.Second
)

// tableKey returns the persistent key of a count, or false when the key
// is too long to keep or holds text a backend may refuse (invalid UTF-8,
// NUL, which PostgreSQL text cannot hold).
func tableKey(session string, kinds []string, match string) (TableKey, bool) {
	ks := slices.Compact(slices.Sorted(slices.Values(kinds)))
	if ks == nil {
		ks = []string{}
	}
	b, err := json.Marshal(ks)
	if err != nil || len(b)+len(match) > maxTableKey || !utf8.ValidString(match) || !utf8.Valid(b) {
		return TableKey{}, false
	}
	for _, r := range match {
		if r == 0 {
			return TableKey{}, false
		}
	}
	return TableKey{Session: session, Kinds: string(b), Match: match}, true
}

// keeper writes block counts to a Table in the background.
type keeper struct {
	table  Table
	mu     sync.Mutex
	queue  chan save
	closed bool
	done   chan struct{}
}

type save struct {
	key    TableKey
	blocks map[int64]int64
}

// Keep makes c read and write t as well as its own cache. A store calls
// it once, when it opens, and Close when it closes.
func (c *Counts) Keep(t Table) {
	k := &keeper{table: t, queue: make(chan save, 16), done: make(chan struct{})}
	c.keeper = k
	go k.write()
}

// Close stops the background writer, waiting a little for the writes
// still queued.
func (c *Counts) Close() {
	k := c.keeper
	if k == nil {
		return
	}
	k.mu.Lock()
	if !k.closed {
		k.closed = true
		close(k.queue)
	}
	k.mu.Unlock()
	select {
	case <-k.done:
	case <-time.After(drainWait):
	}
}

func (k *keeper) write() {
	defer close(k.done)
	for s := range k.queue {
		ctx, cancel := context.WithTimeout(context.Background(), saveWait)
		k.table.SaveBlocks(ctx, s.key, s.blocks) // best effort: see above
		cancel()
	}
}

// load returns the kept counts of key's blocks first to last; none when
// nothing is kept or the table cannot be read.
func (k *keeper) load(ctx context.Context, key TableKey, first, last int64) map[int64]int64 {
	if k == nil {
		return nil
	}
	m, err := k.table.LoadBlocks(ctx, key, first, last)
	if err != nil {
		return nil
	}
	return m
}

// enqueue queues blocks for writing, or drops them if the queue is full
// or the store closing.
func (k *keeper) enqueue(key TableKey, blocks map[int64]int64) {
	if k == nil || len(blocks) == 0 {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.closed {
		return
	}
	select {
	case k.queue <- save{key, blocks}:
	default:
	}
}
