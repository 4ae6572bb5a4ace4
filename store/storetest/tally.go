package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/store"
)

// testTally checks Tally's event count (from the sessions' seqs, a fork
// counting only its own events), its sample of the newest events and the
// words held there, and Search's time bounds, the same on every backend.
func testTally(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "a", "alpha")
	mustAppend(t, s, "a",
		store.NewEvent{Kind: event.KindInput, Payload: text(t, "deploy the script")},
		store.NewEvent{Kind: event.KindAnswer, Payload: text(t, "DEPLOYED")},
		store.NewEvent{Kind: event.KindInput, Payload: text(t, "lunch")},
	)
	if _, err := s.Fork(ctx, "a", 2, "f", "fork"); err != nil {
		t.Fatal(err)
	}
	mustAppend(t, s, "f", store.NewEvent{Kind: event.KindInput, Payload: text(t, "script again")})

	got, err := s.Tally(ctx, store.SearchQuery{Words: []string{"deploy", "script", "zebra"}})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(store.Tally{Events: 4, Sampled: 4, Held: []int64{2, 2, 0}}, got); diff != "" {
		t.Errorf("tally of the whole store (-want +got):\n%s", diff)
	}
	got, err = s.Tally(ctx, store.SearchQuery{Words: []string{"deploy", "script"}, Kinds: []string{event.KindInput}, Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(store.Tally{Events: 4, Sampled: 2, Held: []int64{0, 1}}, got); diff != "" {
		t.Errorf("tally of the newest two inputs (-want +got):\n%s", diff)
	}

	all, err := s.Search(ctx, store.SearchQuery{Words: []string{"script"}})
	if err != nil || len(all) != 2 {
		t.Fatalf("search script: %v, %d hits", err, len(all))
	}
	newer := all[0].At
	hits, err := s.Search(ctx, store.SearchQuery{Words: []string{"script"}, Since: newer})
	if err != nil || len(hits) != 1 || hits[0].Session != "f" {
		t.Errorf("search since the newest hit's time: %v, %+v", err, hits)
	}
	hits, err = s.Search(ctx, store.SearchQuery{Words: []string{"script"}, Until: newer})
	if err != nil || len(hits) != 1 || hits[0].Session != "a" {
		t.Errorf("search until the newest hit's time (exclusive): %v, %+v", err, hits)
	}
	hits, err = s.Search(ctx, store.SearchQuery{Words: []string{"script"}, Since: newer.Add(time.Nanosecond)})
	if err != nil || len(hits) != 0 {
		t.Errorf("search since a nanosecond after the newest hit: %v, %+v", err, hits)
	}
}
