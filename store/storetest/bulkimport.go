package storetest

import (
	"context"
	"github.com/nodelisp/nodelisp/event"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/gen"
)

// testImportBulk imports enough events for a backend to index them in
// bulk, then checks that index plans find them and that appends made
// afterwards are indexed as they arrive.
func testImportBulk(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	logs := gen.Logs(gen.Config{Sessions: 2, Events: 1500, RareWord: "Quixotic", RareEvery: 1000, Seed: 9})
	if err := s.Import(ctx, logs, nil); err != nil {
		t.Fatal(err)
	}
	id := logs[1].Session.ID
	mustAppend(t, s, id, store.NewEvent{Kind: event.KindInput, Payload: text(t, "a late quixotic turn")})
	r := mustScan(t, s, store.Query{Session: id, Match: "quixotic", Limit: 20, Newest: true, Count: true})
	if diff := cmp.Diff([]int64{500, 1500, 1501}, seqs(r.Events)); diff != "" || r.More {
		t.Errorf("rare match after a bulk import: more %v, rows (-want +got):\n%s", r.More, diff)
	}
	hits, err := s.Search(ctx, store.SearchQuery{Words: []string{"QUIXOTIC"}, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 4 || hits[0].Seq != 1501 {
		t.Errorf("search after a bulk import: got %+v, want 4 hits, the newest the late append", hits)
	}
}
