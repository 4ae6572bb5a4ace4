package storetest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

func testSessions(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	if s.ID() == "" {
		t.Error("store has no id")
	}
	gen := mustSession(t, s, "", "generated")
	if !strings.HasPrefix(gen.ID, "s-") || len(gen.ID) != 10 {
		t.Errorf("generated id %q, want s- and 8 characters", gen.ID)
	}
	a := mustSession(t, s, "a", "first title")
	if _, err := s.CreateSession(ctx, "a", "again"); !errors.Is(err, store.ErrExists) {
		t.Errorf("duplicate id: got %v, want ErrExists", err)
	}
	if _, err := s.CreateSession(ctx, "a/b", ""); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("id with slash: got %v, want ErrInvalid", err)
	}
	if _, err := s.Session(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("missing session: got %v, want ErrNotFound", err)
	}
	if _, err := s.Append(ctx, "nope", []store.NewEvent{{Kind: "input", Payload: text(t, "x")}}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("append to missing session: got %v, want ErrNotFound", err)
	}
	got, err := s.Session(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, got); diff != "" {
		t.Errorf("Session(a) (-created +read):\n%s", diff)
	}
	if got.CreatedAt.Location().String() != "UTC" || got.CreatedAt.Nanosecond()%1000 != 0 {
		t.Errorf("created_at %v not UTC microseconds", got.CreatedAt)
	}
	all, err := s.Sessions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, x := range all {
		ids = append(ids, x.ID)
	}
	if diff := cmp.Diff([]string{gen.ID, "a"}, ids); diff != "" && !(len(ids) == 2 && gen.CreatedAt.Equal(a.CreatedAt)) {
		t.Errorf("Sessions order (-want +got):\n%s", diff)
	}
}
