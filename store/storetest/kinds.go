package storetest

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

// testKindsLimitsCounts runs 10 turns of input, tool call, tool result,
// with a head move after every third turn: 33 events.
func testKindsLimitsCounts(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "k", "")
	for turn := 1; turn <= 10; turn++ {
		evs := []store.NewEvent{
			{Kind: event.KindInput, Payload: text(t, fmt.Sprintf("ask %d", turn))},
			{Kind: event.KindToolCall, Payload: payload(t, map[string]any{"code": fmt.Sprintf("(step %d)", turn), "note": nil})},
			{Kind: event.KindToolResult, Payload: payload(t, map[string]any{"text": "done", "duration_ms": turn})},
		}
		if turn%3 == 0 {
			evs = append(evs, store.NewEvent{Kind: event.KindHeadMove, Payload: payload(t, map[string]any{"from": turn, "to": turn - 1, "why": "undo"})})
		}
		mustAppend(t, s, "k", evs...)
	}
	r := mustScan(t, s, store.Query{Session: "k", Kinds: []string{event.KindHeadMove}})
	if diff := cmp.Diff([]int64{10, 20, 30}, seqs(r.Events)); diff != "" {
		t.Errorf("head moves (-want +got):\n%s", diff)
	}
	r = mustScan(t, s, store.Query{Session: "k", Kinds: []string{event.KindInput, event.KindHeadMove}, Limit: 4, Newest: true})
	if diff := cmp.Diff([]int64{24, 27, 30, 31}, seqs(r.Events)); diff != "" || !r.More || r.Matched != 5 {
		t.Errorf("newest 4 inputs and head moves: more %v matched %d (want a lower bound 5); rows (-want +got):\n%s", r.More, r.Matched, diff)
	}
	r = mustScan(t, s, store.Query{Session: "k", Kinds: []string{event.KindInput, event.KindHeadMove}, Limit: 4, Newest: true, Count: true})
	if r.Matched != 13 {
		t.Errorf("counted matches %d, want 13", r.Matched)
	}
	r = mustScan(t, s, store.Query{Session: "k", Kinds: []string{event.KindInput}, Limit: 3, Count: true})
	if diff := cmp.Diff([]int64{1, 4, 7}, seqs(r.Events)); diff != "" || r.Matched != 10 {
		t.Errorf("oldest 3 inputs: matched %d; rows (-want +got):\n%s", r.Matched, diff)
	}
	r = mustScan(t, s, store.Query{Session: "k", Kinds: []string{event.KindInput}, Limit: 10, Count: true})
	if r.More || r.Matched != 10 || len(r.Events) != 10 {
		t.Errorf("limit equal to matches: more %v matched %d rows %d", r.More, r.Matched, len(r.Events))
	}
	r = mustScan(t, s, store.Query{Session: "k", Kinds: []string{event.KindToolResult}, Match: `"duration_ms":9,`, Count: true})
	if diff := cmp.Diff([]int64{29}, seqs(r.Events)); diff != "" {
		t.Errorf("kinds and match (-want +got):\n%s", diff)
	}

	last, ok, err := store.Last(ctx, s, "k", event.KindHeadMove)
	if err != nil || !ok || last.Seq != 30 || last.Body != "head 9 → 8 (undo)" {
		t.Errorf("Last head move: %d %q %v %v", last.Seq, last.Body, ok, err)
	}
	if _, ok, err := store.Last(ctx, s, "k", event.KindEviction); ok || err != nil {
		t.Errorf("Last eviction: ok %v err %v, want none", ok, err)
	}
	page, err := store.Events(ctx, s, "k", 30, 10)
	if err != nil || len(page) != 3 || page[0].Seq != 31 {
		t.Errorf("Events after 30: %v %v", seqs(page), err)
	}
	rng, err := store.Range(ctx, s, "k", 5, 8)
	if diff := cmp.Diff([]int64{5, 6, 7, 8}, seqs(rng)); diff != "" || err != nil {
		t.Errorf("Range 5..8 (%v) (-want +got):\n%s", err, diff)
	}
}
