package storetest

import (
	"context"
	"github.com/nodelisp/nodelisp/event"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

func testReopen(t *testing.T, h *harness) {
	if h.reopen == nil {
		t.Skip("backend gave no WithReopen")
	}
	s := h.newStore(t)
	id := s.ID()
	mustSession(t, s, "r", "kept")
	before := mustAppend(t, s, "r",
		store.NewEvent{Kind: event.KindInput, Payload: text(t, "one")},
		store.NewEvent{Kind: event.KindAnswer, Payload: text(t, "two")})
	s = h.reopen(t, s)
	if s.ID() != id {
		t.Errorf("store id %q after reopen, want %q", s.ID(), id)
	}
	r := mustScan(t, s, store.Query{Session: "r"})
	if diff := cmp.Diff(before, r.Events); diff != "" {
		t.Errorf("events after reopen (-before +after):\n%s", diff)
	}
	got := mustAppend(t, s, "r", store.NewEvent{Kind: event.KindInput, Payload: text(t, "three")})
	if got[0].Seq != 3 {
		t.Errorf("seq after reopen %d, want 3", got[0].Seq)
	}
}

func testMigrate(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "m", "")
	for range 2 {
		if err := s.Migrate(ctx); err != nil {
			t.Fatalf("Migrate on a current schema: %v", err)
		}
	}
	if _, err := s.Session(ctx, "m"); err != nil {
		t.Errorf("session lost by Migrate: %v", err)
	}
	if h.reopen != nil {
		s = h.reopen(t, s)
		if _, err := s.Session(ctx, "m"); err != nil {
			t.Errorf("session lost by reopen: %v", err)
		}
	}
}
