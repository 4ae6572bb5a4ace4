package session_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// A 1 MiB result in a 10,000-token budget is clipped in the window, which
// stays under the budget and says how to read it whole; the log keeps it
// whole, and the clip holds after a restart under another budget.
func TestLargeResultIsClippedInTheWindow(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		o := session.Options{Title: "clip", System: "be brief", BudgetEnv: &evict.Env{Tokens: "10000"}, Home: t.TempDir()}
		s := must[*session.Session](t)(session.Open(ctx, st, o))
		must[int64](t)(s.Input(ctx, "make a big string"))
		r := must[session.CellResult](t)(s.Eval(ctx, "(make-string 1048576 :initial-element #\\x)", session.TurnOptions{}))
		if len(r.Text) != 1048578 {
			t.Fatalf("the recorded text has %d bytes, want the whole string", len(r.Text))
		}
		note := fmt.Sprintf("[… %d characters left out · (recall-entry %d)]\n[seq %d]", 1048578-4000, r.ResultSeq, r.ResultSeq)
		if !strings.HasSuffix(r.Window, note) || !strings.HasPrefix(r.Window, `"xxx`) || len(r.Window) > 4200 {
			t.Fatalf("the cell's window text (%d bytes) does not end in %q: …%s", len(r.Window), note, r.Window[max(len(r.Window)-200, 0):])
		}
		w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{Send: true}))
		if w.Used() > w.Budget {
			t.Errorf("the window uses %d tokens of a budget of %d", w.Used(), w.Budget)
		}
		shown := toolText(t, w, r.ResultSeq)
		if shown != r.Window {
			t.Errorf("the window shows another text than the cell's answer")
		}
		whole := must[session.CellResult](t)(s.Eval(ctx, fmt.Sprintf("(length (getf (recall-entry %d) :body))", r.ResultSeq), session.TurnOptions{}))
		if !strings.HasPrefix(whole.Text, "1048578") {
			t.Errorf("recall-entry's body has length %s, want 1048578", whole.Text)
		}

		o.BudgetEnv = &evict.Env{Tokens: "200000"}
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), o))
		w2 := must[*session.Window](t)(again.Window(ctx, session.WindowOptions{}))
		if got := toolText(t, w2, r.ResultSeq); got != shown {
			t.Errorf("after a restart under another budget the clipped result changed")
		}
	})
}

// Small results are never clipped, and neither is a value a cell gets.
func TestSmallResultIsWhole(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s := must[*session.Session](t)(session.Open(ctx, st, session.Options{Title: "clip", BudgetEnv: &evict.Env{Tokens: "10000"}, Home: t.TempDir()}))
		must[int64](t)(s.Input(ctx, "go"))
		r := must[session.CellResult](t)(s.Eval(ctx, "(length (make-string 100000))", session.TurnOptions{}))
		if r.Window != "100000\n[seq "+itoa(r.ResultSeq)+"]" {
			t.Errorf("window text %q", r.Window)
		}
	})
}

func toolText(t *testing.T, w *session.Window, seq int64) string {
	t.Helper()
	for _, m := range w.Messages {
		if m.Seq == seq {
			return m.Text
		}
	}
	t.Fatalf("no message for seq %d in the window", seq)
	return ""
}
