package main

import (
	"context"
	"fmt"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
)

// contextCmd is /context: which session and model, the budget and where
// it came from, the bar of what fills the window, the thresholds and the
// boundary. It only looks: it is not a request.
func (r *repl) contextCmd(ctx context.Context, args []string) error {
	if len(args) > 0 {
		return badArgs("takes no arguments")
	}
	w, err := r.sess.Window(ctx, session.WindowOptions{})
	if err != nil {
		return err
	}
	model := r.sess.Model()
	if model == "" {
		model = "none"
	}
	fmt.Fprintf(r.out, "session %s · model %s · head seq %d · %d messages\n",
		r.sess.ID(), model, w.Head, len(w.Messages))
	if w.Budget > 0 {
		fmt.Fprintf(r.out, "budget: %s tokens, from %s\n", evict.Grouped(w.Budget), w.Source)
	} else {
		fmt.Fprintf(r.out, "budget: unknown: %s\n", r.sess.UnknownBudget(true))
	}
	// The bar takes what the line leaves after its caption.
	bar := min(max(r.width-50, 10), 60)
	fmt.Fprintln(r.out, evict.Report(w.Usage, bar, r.color))
	return r.responseFigures(ctx) // agent_repl.go: the provider's figures, when a model answered
}
