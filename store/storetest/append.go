package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

// oddPayloads are payloads whose bytes a careless store would change:
// non-ASCII, escaped and raw control characters (all but NUL, which JSON
// can only hold escaped), unusual spacing and number forms, HTML
// characters, and a payload of a megabyte.
func oddPayloads() []json.RawMessage {
	big := `{"text":"` + strings.Repeat("0123456789abcdéf—", 1<<20/20) + `"}`
	return []json.RawMessage{
		json.RawMessage(`{"text":"héllo wörld — 日本語 🎉 ÉCOLE école"}`),
		json.RawMessage(`{"text":"escaped \u0000 \u0001 \u001f \t \" \\ \/ \ud83c\udf89"}`),
		json.RawMessage("{\"text\":\"raw del \x7f c1 \u0085 \u009f bom \ufeff\"}"),
		json.RawMessage("{ \"text\" :\t\"<b>&amp;</b>\" , \"n\": 1.50E+3, \"z\": -0.0 }"),
		json.RawMessage(`{}`),
		json.RawMessage(big),
	}
}

func testAppendRoundTrip(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "s1", "round trip")
	var batch []store.NewEvent
	for i, p := range oddPayloads() {
		kind := event.KindToolResult
		if i == 0 {
			kind = event.KindInput
		}
		batch = append(batch, store.NewEvent{Kind: kind, Payload: p})
	}
	got := mustAppend(t, s, "s1", batch...)
	for i, e := range got {
		if e.Seq != int64(i+1) || e.Turn != 1 || e.Session != "s1" {
			t.Errorf("event %d: seq %d turn %d session %q, want seq %d turn 1 session s1", i, e.Seq, e.Turn, e.Session, i+1)
		}
		if !e.At.Equal(got[0].At) || e.At.Location().String() != "UTC" || e.At.Nanosecond()%1000 != 0 {
			t.Errorf("event %d: at %v, want one UTC microsecond time per append", i, e.At)
		}
	}
	for i, want := range batch {
		e, err := s.Event(ctx, "s1", int64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		if string(e.Payload) != string(want.Payload) {
			t.Errorf("seq %d: payload changed: %.80q → %.80q", i+1, want.Payload, e.Payload)
		}
		if e.Body != store.Body(want.Kind, want.Payload) {
			t.Errorf("seq %d: body %.80q, want %.80q", i+1, e.Body, store.Body(want.Kind, want.Payload))
		}
		if diff := cmp.Diff(got[i], e); diff != "" {
			t.Errorf("seq %d: Append result and Event differ (-append +event):\n%.2000s", i+1, diff)
		}
	}

	// A second turn: turns resolve to the batch's own input; an event
	// with no input before it in its call gets the turn it names.
	got = mustAppend(t, s, "s1",
		store.NewEvent{Kind: event.KindToolCall, Turn: 1, Payload: payload(t, map[string]any{"code": "(+ 1 2)", "note": nil})},
		store.NewEvent{Kind: event.KindInput, Payload: text(t, "next")},
		store.NewEvent{Kind: event.KindAnswer, Payload: text(t, "ok")},
	)
	if diff := cmp.Diff([]int64{7, 8, 9}, seqs(got)); diff != "" {
		t.Errorf("second append seqs (-want +got):\n%s", diff)
	}
	var turns []int64
	for _, e := range got {
		turns = append(turns, e.Turn)
	}
	if diff := cmp.Diff([]int64{1, 8, 8}, turns); diff != "" {
		t.Errorf("second append turns (-want +got):\n%s", diff)
	}
}

func testAppendRejects(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "s1", "")
	bad := []struct {
		name string
		evs  []store.NewEvent
	}{
		{"no events", nil},
		{"empty kind", []store.NewEvent{{Payload: text(t, "x")}}},
		{"array", []store.NewEvent{{Kind: "input", Payload: json.RawMessage(`[1]`)}}},
		{"invalid JSON", []store.NewEvent{{Kind: "input", Payload: json.RawMessage(`{"a":}`)}}},
		{"raw newline", []store.NewEvent{{Kind: "input", Payload: json.RawMessage("{\"a\":1}\n")}}},
		{"invalid UTF-8", []store.NewEvent{{Kind: "input", Payload: json.RawMessage("{\"a\":\"\xff\"}")}}},
		{"one bad of two", []store.NewEvent{{Kind: "input", Payload: text(t, "fine")}, {Kind: "x", Payload: json.RawMessage(`nope`)}}},
	}
	for _, b := range bad {
		if _, err := s.Append(ctx, "s1", b.evs); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("%s: got %v, want ErrInvalid", b.name, err)
		}
	}
	got := mustAppend(t, s, "s1", store.NewEvent{Kind: "input", Payload: text(t, "first")})
	if got[0].Seq != 1 {
		t.Errorf("after rejected appends, first seq is %d, want 1", got[0].Seq)
	}
}

func testBodies(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "s1", "")
	evs := []store.NewEvent{
		{Kind: event.KindInput, Payload: payload(t, map[string]any{"text": "fix the deploy script", "parent": 0})},
		{Kind: event.KindToolCall, Payload: payload(t, map[string]any{"code": ";; look\n(ls)", "note": "look"})},
		{Kind: event.KindHeadMove, Payload: payload(t, map[string]any{"from": 12, "to": 5, "why": "undo"})},
		{Kind: event.KindFileChange, Payload: payload(t, map[string]any{"path": "src/app.go",
			"before": strings.Repeat("x", 1229), "after": strings.Repeat("y", 1434)})},
		{Kind: event.KindWarning, Payload: payload(t, map[string]any{"text": "window at\n85%"})},
		{Kind: event.KindUsage, Payload: json.RawMessage(`{"input_tokens":120,"output_tokens":7}`)},
	}
	want := []string{
		"fix the deploy script",
		";; look\n(ls)",
		"head 12 → 5 (undo)",
		"write src/app.go (1.2 KB → 1.4 KB)",
		"window at 85%",
		"usage input_tokens=120 output_tokens=7",
	}
	mustAppend(t, s, "s1", evs...)
	r := mustScan(t, s, store.Query{Session: "s1"})
	var got []string
	for _, e := range r.Events {
		got = append(got, e.Body)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("bodies (-want +got):\n%s", diff)
	}
	if _, err := s.Event(ctx, "s1", 7); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Event past the end: got %v, want ErrNotFound", err)
	}
}
