package storetest

import (
	"bytes"
	"context"
	"github.com/nodelisp/nodelisp/event"
	"testing"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/gen"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// BlockCounter is what testBlockCounts needs of a backend beyond
// store.Store; backends implement it in their export_test.go.
type BlockCounter interface {
	// BlocksTestedForTest is how many whole blocks of seqs the store has
	// counted by testing their rows, not from a kept count.
	BlocksTestedForTest() int64
	// RefuseBlockCountsForTest makes every write to the table of block
	// counts fail.
	RefuseBlockCountsForTest(ctx context.Context) error
	// DropBlockCountsForTest drops the table, so reads of it fail too.
	DropBlockCountsForTest(ctx context.Context) error
}

// blockSession is long enough for two whole blocks of 8,192 seqs, the
// least a count splits into blocks.
const blockSession = 17_000

// testBlockCounts checks that a count's blocks, once counted by one store
// handle, are served from the store to the next one without testing a
// row again, that counts stay exact after appends, on forks and across
// an undo, that the kept counts never reach an export, and that a table
// that cannot be written or read never fails a count.
func testBlockCounts(t *testing.T, h *harness) {
	if h.reopen == nil {
		t.Skip("backend gave no WithReopen")
	}
	ctx := context.Background()
	s := h.newStore(t)
	if _, ok := s.(BlockCounter); !ok {
		t.Skip("backend does not implement BlockCounter")
	}
	logs := gen.Logs(gen.Config{Sessions: 1, Events: blockSession, Seed: 5})
	id := logs[0].Session.ID
	if err := s.Import(ctx, logs, nil); err != nil {
		t.Fatal(err)
	}
	before := exportAll(t, s)
	dense := store.Query{Session: id, Match: "deploy", Limit: 5, Newest: true, Count: true}
	kinds := dense
	kinds.Kinds = []string{event.KindToolResult, event.KindInput}

	// check counts q on the handle it is given and returns how many whole
	// blocks that handle tested for it.
	check := func(s store.Store, what string, q store.Query) int64 {
		t.Helper()
		was := s.(BlockCounter).BlocksTestedForTest()
		exactCount(t, s, what, q)
		return s.(BlockCounter).BlocksTestedForTest() - was
	}
	if n := check(s, "first count", dense); n != 2 {
		t.Errorf("first count tested %d whole blocks, want 2", n)
	}
	check(s, "first count with kinds", kinds)
	s = h.reopen(t, s)
	if n := check(s, "count in a new handle", dense); n != 0 {
		t.Errorf("count in a new handle tested %d whole blocks, want 0: not served from the table", n)
	}
	if n := check(s, "kinds in another order, new handle", store.Query{Session: id, Match: "deploy", Limit: 5, Newest: true, Count: true,
		Kinds: []string{event.KindInput, event.KindToolResult, event.KindInput}}); n != 0 {
		t.Errorf("same kinds in another order tested %d whole blocks, want 0", n)
	}
	if n := check(s, "another pattern", store.Query{Session: id, Match: "script", Limit: 5, Newest: true, Count: true}); n != 2 {
		t.Errorf("another pattern tested %d whole blocks, want 2: kept counts shared across patterns", n)
	}
	if diff := bytes.Compare(before, exportAll(t, s)); diff != 0 {
		t.Error("export changed after counts were kept")
	}

	// Appends, an undo and the turns after it, and a fork below the last
	// block: the kept blocks stand, the ends are counted afresh.
	for range 3 {
		mustAppend(t, s, id, store.NewEvent{Kind: event.KindInput, Payload: text(t, "deploy again")})
	}
	mustAppend(t, s, id,
		store.NewEvent{Kind: event.KindHeadMove, Payload: payload(t, map[string]any{"from": blockSession, "to": 9000, "why": "undo"})},
		store.NewEvent{Kind: event.KindInput, Payload: text(t, "after the undo: deploy")},
		store.NewEvent{Kind: event.KindToolResult, Payload: text(t, "DEPLOY done")})
	mustSession(t, s, "other", "")
	mustAppend(t, s, "other", store.NewEvent{Kind: event.KindInput, Payload: text(t, "deploy elsewhere")})
	if _, err := s.Fork(ctx, id, 16_500, "fork", ""); err != nil {
		t.Fatal(err)
	}
	for range 7 {
		mustAppend(t, s, "fork", store.NewEvent{Kind: event.KindToolResult, Payload: text(t, "deploy on the fork")})
	}
	for _, q := range []store.Query{dense, kinds} {
		if n := check(s, "after appends and an undo", q); n != 0 {
			t.Errorf("after appends: tested %d whole blocks, want 0", n)
		}
		fork := q
		fork.Session = "fork"
		if n := check(s, "on a fork", fork); n != 0 {
			t.Errorf("on a fork: tested %d whole blocks, want 0", n)
		}
		page := q
		page.Before = 16_400
		check(s, "a page below", page)
	}

	// A table that refuses writes, then one that is gone: counts stay
	// exact and never fail, only slower.
	if err := s.(BlockCounter).RefuseBlockCountsForTest(ctx); err != nil {
		t.Fatal(err)
	}
	refused := store.Query{Session: id, Match: "error", Limit: 5, Newest: true, Count: true}
	check(s, "table refusing writes", refused)
	s = h.reopen(t, s)
	if n := check(s, "table refusing writes, new handle", refused); n != 2 {
		t.Errorf("a count the table refused tested %d whole blocks in a new handle, want 2", n)
	}
	check(s, "kept before the refusal", dense)
	if err := s.(BlockCounter).DropBlockCountsForTest(ctx); err != nil {
		t.Fatal(err)
	}
	s = h.reopen(t, s)
	for _, q := range []store.Query{dense, kinds, refused} {
		check(s, "no table", q)
	}
}

// exactCount checks that q's count equals the number of matching events
// read one by one.
func exactCount(t *testing.T, s store.Store, what string, q store.Query) {
	t.Helper()
	all := q
	all.Limit, all.Count = 0, false
	want := int64(len(mustScan(t, s, all).Events))
	r := mustScan(t, s, q)
	if !r.More || r.Matched != want {
		t.Errorf("%s: %+v matched %d (more %v), want %d", what, q, r.Matched, r.More, want)
	}
}

func exportAll(t *testing.T, s store.Store) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, err := jsonl.Export(context.Background(), s, &b, jsonl.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
