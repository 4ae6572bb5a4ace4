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

// The provider's report carries forward: after `usage 2600` in a budget
// of 3000, every figure of the window agrees with it, and the next request,
// which gets no report of its own, still counts from it, so the warning
// and then the eviction come.
func TestReportedUsageCarriesForward(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s := must[*session.Session](t)(session.Open(ctx, st, session.Options{Title: "u", Home: t.TempDir(), BudgetEnv: &evict.Env{Tokens: "3000"}}))
		for i := range 2 {
			must[session.Turn](t)(s.RunTurn(ctx, fmt.Sprintf("(+ %d 1)", i), session.TurnOptions{}))
		}
		if err := s.ReportUsage(ctx, 2600); err != nil {
			t.Fatal(err)
		}
		w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{}))
		report := evict.Report(w.Usage, 60, false)
		if w.Used() < 2600 || w.Usage.Used() != w.Used() || w.Usage.Free() != 3000-w.Used() ||
			!strings.Contains(report, fmt.Sprintf("] %d%% of 3,000", evict.Percent(w.Used(), 3000))) {
			t.Fatalf("figures disagree: usage %d, used %d, free %d, report:\n%s", w.Used(), w.Usage.Used(), w.Usage.Free(), report)
		}
		next := must[session.Turn](t)(s.RunTurn(ctx, "(+ 2 1)", session.TurnOptions{}))
		if next.Window.Used() < 2600 || !next.Window.Warning {
			t.Fatalf("the next request forgot the report: usage %d, warning %v", next.Window.Used(), next.Window.Warning)
		}
		if !strings.Contains(next.Window.Messages[len(next.Window.Messages)-1].Text, fmt.Sprintf("[context at %d%%", next.Window.WarnPercent)) {
			t.Errorf("the warning's text and WarnPercent %d disagree", next.Window.WarnPercent)
		}
		last := must[session.Turn](t)(s.RunTurn(ctx, "(+ 3 1)", session.TurnOptions{}))
		if !last.Window.Evicted {
			t.Errorf("the request after the warning did not evict: usage %d", last.Window.Used())
		}
	})
}

// After a move onto an evicted turn the window still names the head.
func TestWindowHeadOnEvictedTurn(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s := must[*session.Session](t)(session.Open(ctx, st, session.Options{Title: "h", Home: t.TempDir(), BudgetEnv: &evict.Env{}}))
		var inputs []int64
		for i := range 3 {
			inputs = append(inputs, must[session.Turn](t)(s.RunTurn(ctx, fmt.Sprintf("(+ %d 1)", i), session.TurnOptions{})).Input)
		}
		must[session.EvictResult](t)(s.Evict(ctx, fmt.Sprintf("through %d", inputs[1])))
		must[session.Move](t)(s.Continue(ctx, inputs[0]))
		w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{}))
		if w.Head != inputs[0] {
			t.Errorf("window head %d after continuing at the evicted turn %d", w.Head, inputs[0])
		}
	})
}
