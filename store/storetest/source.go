package storetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"github.com/nodelisp/nodelisp/event"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// testSessionSource: an imported session keeps its source byte for byte
// through every read of sessions, search hits, and an export and import;
// a session made here has none; a source that is not a JSON object is
// refused.
func testSessionSource(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	src := json.RawMessage(`{"tool":"codex","id":"0199","file":"/tmp/rollout.jsonl"}`)
	at := time.Date(2025, 9, 25, 21, 12, 14, 126000000, time.UTC)
	err := s.Import(ctx, []store.SessionLog{{
		Session: store.Session{ID: "codex-0199", Title: "imported", CreatedAt: at, Source: src},
		Events: []store.Event{{Session: "codex-0199", Seq: 1, At: at, Kind: event.KindInput, Turn: 1,
			Payload: payload(t, map[string]string{"text": "find the prisma client"})}},
	}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	mustSession(t, s, "own", "made here")

	got, err := s.Session(ctx, "codex-0199")
	if err != nil || !bytes.Equal(got.Source, src) {
		t.Fatalf("Session source = %s, %v; want %s", got.Source, err, src)
	}
	own, err := s.Session(ctx, "own")
	if err != nil || own.Source != nil {
		t.Fatalf("own session source = %q, %v; want none", own.Source, err)
	}
	all, err := s.Sessions(ctx)
	if err != nil || len(all) != 2 || !bytes.Equal(all[0].Source, src) {
		t.Fatalf("Sessions = %+v, %v", all, err)
	}
	lin, err := s.Lineage(ctx, "codex-0199")
	if err != nil || !bytes.Equal(lin[0].Source, src) {
		t.Fatalf("Lineage = %+v, %v", lin, err)
	}
	hits, err := s.Search(ctx, store.SearchQuery{Words: []string{"prisma"}})
	if err != nil || len(hits) != 1 || !bytes.Equal(hits[0].Source, src) {
		t.Fatalf("Search = %+v, %v", hits, err)
	}

	dst := h.newStore(t)
	if _, err := jsonl.Import(ctx, dst, bytes.NewReader(export(t, s)), jsonl.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	moved, err := dst.Session(ctx, "codex-0199")
	if err != nil || !bytes.Equal(moved.Source, src) {
		t.Fatalf("after export and import: source %s, %v", moved.Source, err)
	}
	if o, _ := dst.Session(ctx, "own"); o.Source != nil {
		t.Fatalf("after export and import: own session has source %s", o.Source)
	}

	bad := []store.SessionLog{{Session: store.Session{ID: "bad", CreatedAt: at, Source: json.RawMessage(`[1]`)}}}
	if err := s.Import(ctx, bad, nil); !errors.Is(err, store.ErrInvalid) {
		t.Fatalf("import of a non-object source: %v, want ErrInvalid", err)
	}
}

// testAppendGivenTimes: an event appended with At keeps that time (as
// an imported transcript's grown tail is), the others get the append's.
func testAppendGivenTimes(t *testing.T, h *harness) {
	s := h.newStore(t)
	mustSession(t, s, "s1", "times")
	given := time.Date(2025, 11, 20, 23, 33, 54, 572000000, time.UTC)
	before := store.Now()
	out, err := s.Append(context.Background(), "s1", []store.NewEvent{
		{Kind: event.KindInput, Payload: text(t, "then"), At: given},
		{Kind: event.KindAnswer, Payload: text(t, "now")},
	})
	if err != nil {
		t.Fatal(err)
	}
	evs, err := store.Events(context.Background(), s, "s1", 0, 0)
	if err != nil || len(evs) != 2 {
		t.Fatalf("events = %v, %v", evs, err)
	}
	if !evs[0].At.Equal(given) || !out[0].At.Equal(given) {
		t.Errorf("given time: stored %v, returned %v; want %v", evs[0].At, out[0].At, given)
	}
	if evs[1].At.Before(before.Add(-time.Minute)) || !evs[1].At.Equal(out[1].At) {
		t.Errorf("append time: stored %v, returned %v; want about %v", evs[1].At, out[1].At, before)
	}
}
