package session_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// TestRecallLeavesOutEchoes is the echo case of issue 21: after three
// recall cells over the same words, a fourth finds the original events
// first, not the earlier recall cells (nor itself); :echoes t brings them
// back; counts follow the same rule; and a turn's input that its tool
// call repeats, as a REPL logs a cell, counts once.
func TestRecallLeavesOutEchoes(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s := must[*session.Session](t)(session.Open(ctx, st, opts("")))
		// A REPL turn: the cell is the input and the tool call.
		cell := func(code string) session.CellResult {
			t.Helper()
			must[int64](t)(s.Input(ctx, code))
			r := must[session.CellResult](t)(s.Eval(ctx, code, session.TurnOptions{}))
			if r.Error {
				t.Fatalf("%s: %s", code, r.Text)
			}
			return r
		}
		must[int64](t)(s.Input(ctx, "ship the canary build"))
		orig := must[session.CellResult](t)(s.Eval(ctx, `(format nil "canary build shipped")`, session.TurnOptions{}))
		search := `(recall-search "canary build" :limit 2 :window 40)`
		var echoes []session.CellResult
		for range 3 {
			echoes = append(echoes, cell(search))
		}

		want := fmt.Sprintf(`((:session-id %q :title "test" :seq %d :text "\"canary build shipped\"") (:session-id %q :title "test" :seq %d :text "(format nil \"canary build shipped\")"))`,
			s.ID(), orig.ResultSeq, s.ID(), orig.CallSeq)
		if got := cell(search).Text; got != want {
			t.Errorf("fourth recall cell:\n got %s\nwant %s", got, want)
		}
		with := cell(`(recall-search "canary build" :limit 2 :echoes t)`)
		if !strings.HasPrefix(with.Text, fmt.Sprintf(`((:session-id %q :title "test" :seq %d :text "(recall-search`, s.ID(), with.CallSeq)) {
			t.Errorf(":echoes t does not find the running cell first: %s", with.Text)
		}

		// Matched counts after the filtering: the original input, call
		// and result; with echoes, the five recall cells' calls (the
		// running one included) and the four results logged so far, but
		// never the inputs their calls repeat.
		if got := cell(`(recall-log :match "canary build" :limit 1 :clip 10)`).Text; !strings.HasPrefix(got, "((:matched 3 :showing 1)") {
			t.Errorf("recall-log count without echoes: %s", got)
		}
		if got := cell(`(recall-log :match "canary build" :limit 1 :clip 10 :echoes t)`).Text; !strings.HasPrefix(got, "((:matched 15 :showing 1)") {
			t.Errorf("recall-log count with echoes: %s", got)
		}
		if got := cell(`(recall-log :match "canary build" :kinds :input :clip 10)`).Text; strings.Count(got, `:kind "input"`) != 9 {
			t.Errorf("inputs alone are all read: %s", got)
		}

		// The recall cells' results say so; the original's does not.
		for i, r := range append(echoes, orig) {
			var p map[string]any
			e := must[store.Event](t)(st.Event(ctx, s.ID(), r.ResultSeq))
			if err := json.Unmarshal(e.Payload, &p); err != nil {
				t.Fatal(err)
			}
			if want := i < len(echoes); (p["recall"] == true) != want {
				t.Errorf("result %d payload %s: recall flag should be %v", r.ResultSeq, e.Payload, want)
			}
		}
	})
}
