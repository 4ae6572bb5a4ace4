package agent_test

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/nodelisp/nodelisp/event"
	"strconv"
	"testing"

	"github.com/nodelisp/nodelisp/agent"
	"github.com/nodelisp/nodelisp/agent/anthropic"
	"github.com/nodelisp/nodelisp/internal/providerstub"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// breakpoint is how the SDK writes a cache breakpoint inside a block.
var breakpoint = []byte(`"cache_control":{"type":"ephemeral"},`)

// breakpoints are the indexes of the messages carrying a breakpoint.
func breakpoints(b anthropicBody) []int {
	var out []int
	for i, m := range b.Messages {
		if bytes.Contains(m, breakpoint) {
			out = append(out, i)
		}
	}
	return out
}

// extends reports whether next's messages begin with prev's, byte for
// byte once the one breakpoint (which moves to the newest message) is
// taken out, and add at least one; and where they first differ.
func extends(prev, next anthropicBody) (bool, int) {
	if !bytes.Equal(prev.Tools, next.Tools) || len(prev.System) != len(next.System) ||
		(len(prev.System) > 0 && !bytes.Equal(prev.System[0], next.System[0])) {
		return false, -1
	}
	for i, m := range prev.Messages {
		if i >= len(next.Messages) || !bytes.Equal(bytes.Replace(m, breakpoint, nil, 1), bytes.Replace(next.Messages[i], breakpoint, nil, 1)) {
			return false, i
		}
	}
	return len(next.Messages) > len(prev.Messages), len(prev.Messages)
}

// Between two changes every request's messages extend the previous
// request's byte for byte, with one breakpoint on the newest message. An
// eviction changes the system text (the stub) once; a context edit
// changes the window from its first dropped message, and the messages
// before it are sent as they were; after either, requests extend again.
func TestCacheBreakpointsAndPrefix(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		var replies []providerstub.Reply
		for i := range 12 {
			// The reported usage grows a turn at a time toward the budget.
			replies = append(replies, providerstub.Reply{Calls: []string{";; a cell\n(list 1 2 3)"}, Input: 150 * (i + 1)}, providerstub.Reply{Text: "done", Input: 150*(i+1) + 50})
		}
		r := newRig(t, st, "1500", replies...)
		ctx := context.Background()
		turn := func(in string) {
			t.Helper()
			if _, err := r.a.Turn(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		turn("first turn")
		turn("second turn")
		reqs := r.stub.Requests()
		for k := 1; k < len(reqs); k++ {
			prev, next := decode[anthropicBody](t, reqs[k-1]), decode[anthropicBody](t, reqs[k])
			if ok, at := extends(prev, next); !ok {
				t.Fatalf("request %d does not extend request %d (first difference at message %d)", k+1, k, at)
			}
			if bp := breakpoints(next); len(bp) != 1 || bp[0] != len(next.Messages)-1 {
				t.Fatalf("request %d: breakpoints on %v of %d messages", k+1, bp, len(next.Messages))
			}
		}

		// A context edit: drop the first turn's answer.
		w, err := r.s.Window(ctx, session.WindowOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var drop session.Message
		for _, m := range w.Messages {
			if m.Kind == event.KindAnswer && drop.Seq == 0 {
				drop = m
			}
		}
		if _, err := r.s.EditContext(ctx, session.ContextCall{Drop: []string{strconv.FormatInt(drop.Seq, 10)}}); err != nil {
			t.Fatal(err)
		}
		before := len(r.stub.Requests())
		turn("third turn")
		reqs = r.stub.Requests()
		prev, edited := decode[anthropicBody](t, reqs[before-1]), decode[anthropicBody](t, reqs[before])
		// The request messages: the first input, the call, its result,
		// then the dropped answer.
		ok, at := extends(prev, edited)
		if ok || at != 3 {
			t.Fatalf("after dropping the first answer the first change is at %d, want 3 (the dropped message)", at)
		}
		for k := before + 1; k < len(reqs); k++ {
			if ok, at := extends(decode[anthropicBody](t, reqs[k-1]), decode[anthropicBody](t, reqs[k])); !ok {
				t.Fatalf("after the edit, request %d does not extend the one before (at %d)", k+1, at)
			}
		}

		// Turns until the budget evicts: the system text changes once.
		evictedAt := -1
		for i := 0; evictedAt < 0 && i < 8; i++ {
			before = len(r.stub.Requests())
			turn("more " + strconv.Itoa(i))
			for _, e := range r.events {
				if e.Type == "request" && e.Evicted {
					evictedAt = before
				}
			}
		}
		if evictedAt < 0 {
			t.Fatal("no eviction within the budget")
		}
		reqs = r.stub.Requests()
		evicted := decode[anthropicBody](t, reqs[evictedAt])
		if ok, at := extends(decode[anthropicBody](t, reqs[evictedAt-1]), evicted); ok || at != -1 {
			t.Errorf("an eviction should change the system text (the stub): ok %v at %d", ok, at)
		}
		if bp := breakpoints(evicted); len(bp) != 1 || bp[0] != len(evicted.Messages)-1 {
			t.Errorf("after the eviction, breakpoints on %v of %d", bp, len(evicted.Messages))
		}
		for k := evictedAt + 1; k < len(reqs); k++ {
			if ok, at := extends(decode[anthropicBody](t, reqs[k-1]), decode[anthropicBody](t, reqs[k])); !ok {
				t.Fatalf("after the eviction, request %d does not extend the one before (at %d)", k+1, at)
			}
		}
	})
}

// The warning is sent once, so the breakpoint stays on the message
// before it, which the next request sends again.
func TestBreakpointSkipsTheWarning(t *testing.T) {
	w := &session.Window{Messages: []session.Message{
		{ID: "system", Role: session.RoleSystem, Text: "sys"},
		{ID: "5", Role: session.RoleUser, Text: "hi", Seq: 5, Kind: event.KindInput},
		{ID: "warn", Role: session.RoleSystem, Text: "[context at 90%]"},
	}}
	req := agent.Translate(w, "m", 100)
	if req.Cached != 0 || len(req.Messages) != 2 || req.System != "sys" {
		t.Fatalf("%+v", req)
	}
	body, _ := json.Marshal(anthropic.Params(req))
	b := decode[anthropicBody](t, body)
	if bp := breakpoints(b); len(bp) != 1 || bp[0] != 0 {
		t.Fatalf("breakpoints %v in %s", bp, body)
	}
}

// A restart rebuilds the same next request from the log alone.
func TestRestartRebuildsTheNextRequest(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		r := newRig(t, st, "",
			providerstub.Reply{Text: "Let me see.", Calls: []string{"(defun sq (x) (* x x))"}, Thinking: "hm"},
			providerstub.Reply{Text: "defined", Input: 10},
			providerstub.Reply{Status: 400, Error: "prompt is too long"}, providerstub.Reply{Text: "ok"})
		ctx := context.Background()
		for _, in := range []string{"define sq", "again"} {
			if _, err := r.a.Turn(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		next := func(s *session.Session) []byte {
			w, err := s.Window(ctx, session.WindowOptions{})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(anthropic.Params(agent.Translate(w, "stub-model", 100)))
			return b
		}
		live := next(r.s)
		resumed, err := session.Resume(ctx, st, r.s.ID(), session.Options{System: "You are a test.", Model: "anthropic/stub-model", Home: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		if again := next(resumed); !bytes.Equal(live, again) {
			t.Fatalf("the resumed session builds another request:\nlive    %s\nresumed %s", live, again)
		}
	})
}
