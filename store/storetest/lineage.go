package storetest

import (
	"context"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

type at struct {
	Session string
	Seq     int64
}

func places(evs []store.Event) []at {
	out := []at{}
	for _, e := range evs {
		out = append(out, at{e.Session, e.Seq})
	}
	return out
}

func appendTexts(t *testing.T, s store.Store, session string, texts ...string) {
	t.Helper()
	for _, x := range texts {
		mustAppend(t, s, session, store.NewEvent{Kind: event.KindInput, Payload: text(t, x)})
	}
}

// testLineage forks two levels deep: c1 forks root at 3, c2 forks c1 at 5.
func testLineage(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "root", "root")
	appendTexts(t, s, "root", "r1", "r2", "r3 shared", "r4 hidden", "r5 hidden")
	c1, err := s.Fork(ctx, "root", 3, "c1", "child")
	if err != nil {
		t.Fatal(err)
	}
	if c1.Parent != "root" || c1.ForkSeq == nil || *c1.ForkSeq != 3 {
		t.Fatalf("fork: got parent %q fork_seq %v", c1.Parent, c1.ForkSeq)
	}
	appendTexts(t, s, "c1", "c4", "c5 shared", "c6 hidden")
	if _, err := s.Fork(ctx, "c1", 5, "c2", "grandchild"); err != nil {
		t.Fatal(err)
	}
	got := mustAppend(t, s, "c2", store.NewEvent{Kind: event.KindInput, Payload: text(t, "g6")})
	if got[0].Seq != 6 {
		t.Errorf("grandchild's first seq %d, want 6", got[0].Seq)
	}
	appendTexts(t, s, "c2", "g7")

	want := []at{{"root", 1}, {"root", 2}, {"root", 3}, {"c1", 4}, {"c1", 5}, {"c2", 6}, {"c2", 7}}
	r := mustScan(t, s, store.Query{Session: "c2"})
	if diff := cmp.Diff(want, places(r.Events)); diff != "" {
		t.Errorf("lineage scan (-want +got):\n%s", diff)
	}
	r = mustScan(t, s, store.Query{Session: "c2", Own: true})
	if diff := cmp.Diff(want[5:], places(r.Events)); diff != "" {
		t.Errorf("own scan (-want +got):\n%s", diff)
	}
	r = mustScan(t, s, store.Query{Session: "c2", Newest: true, Limit: 3, Count: true})
	if diff := cmp.Diff(want[4:], places(r.Events)); diff != "" || !r.More || r.Matched != 7 {
		t.Errorf("newest 3: more %v matched %d (want true, 7); rows (-want +got):\n%s", r.More, r.Matched, diff)
	}
	r = mustScan(t, s, store.Query{Session: "c2", After: 2, Before: 6})
	if diff := cmp.Diff(want[2:5], places(r.Events)); diff != "" {
		t.Errorf("after 2 before 6 (-want +got):\n%s", diff)
	}
	r = mustScan(t, s, store.Query{Session: "c2", Match: "shared"})
	if diff := cmp.Diff([]at{{"root", 3}, {"c1", 5}}, places(r.Events)); diff != "" {
		t.Errorf("match across lineage (-want +got):\n%s", diff)
	}
	r = mustScan(t, s, store.Query{Session: "c2", Match: "hidden"})
	if len(r.Events) != 0 {
		t.Errorf("events past a fork point leaked into the fork: %v", places(r.Events))
	}

	for seq, sess := range map[int64]string{2: "root", 4: "c1", 6: "c2"} {
		e, err := s.Event(ctx, "c2", seq)
		if err != nil || e.Session != sess {
			t.Errorf("Event(c2, %d): session %q err %v, want %s", seq, e.Session, err, sess)
		}
	}
	if e, err := s.Event(ctx, "c1", 6); err != nil || string(e.Payload) != string(text(t, "c6 hidden")) {
		t.Errorf("Event(c1, 6) = %s, %v", e.Payload, err)
	}
	if _, err := s.Event(ctx, "c2", 8); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Event(c2, 8): got %v, want ErrNotFound", err)
	}

	lin, err := s.Lineage(ctx, "c2")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, l := range lin {
		ids = append(ids, l.ID)
	}
	if diff := cmp.Diff([]string{"c2", "c1", "root"}, ids); diff != "" {
		t.Errorf("Lineage (-want +got):\n%s", diff)
	}

	def, err := s.Fork(ctx, "c2", 0, "", "at the end")
	if err != nil {
		t.Fatal(err)
	}
	if def.ForkSeq == nil || *def.ForkSeq != 7 {
		t.Errorf("default fork point %v, want 7", def.ForkSeq)
	}
	if _, err := s.Fork(ctx, "c2", 8, "", ""); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("fork past the end: got %v, want ErrInvalid", err)
	}
	if _, err := s.Fork(ctx, "nope", 1, "", ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("fork of missing session: got %v, want ErrNotFound", err)
	}

	hits, err := s.Search(ctx, store.SearchQuery{Words: []string{"shared"}})
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, hit := range hits {
		found = append(found, fmt.Sprintf("%s/%d", hit.Session, hit.Seq))
	}
	if diff := cmp.Diff([]string{"c1/5", "root/3"}, found); diff != "" {
		t.Errorf("search finds each event once, under its own session (-want +got):\n%s", diff)
	}
}
