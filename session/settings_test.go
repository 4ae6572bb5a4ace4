package session_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// The window is derived from the log alone: a session resumed with no
// options at all rebuilds the same window, message for message and token
// for token, with the same budget, because its model, system prompt and
// runtime overrides were logged.
func TestRestartRebuildsTheWindow(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		env := &evict.Env{CachePath: "../testdata/models.dev/api.json"}
		s := must[*session.Session](t)(session.Open(ctx, st, session.Options{Title: "t", Home: t.TempDir(),
			Model: "openai/gpt-4o", System: "You answer in Lisp.", BudgetEnv: env}))
		for _, cell := range []string{";; sq\n(defun sq (x) (* x x))", "(sq 12)", `(set-context-window "openai/gpt-4o" 900)`, "(sq 3)"} {
			if _, err := s.RunTurn(ctx, cell, session.TurnOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		before := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{}))
		if before.Budget != 900 || before.Source != evict.SourceOverride || before.Messages[0].Text != "You answer in Lisp." {
			t.Fatalf("before the restart: budget %d from %s, first message %q", before.Budget, before.Source, before.Messages[0].Text)
		}
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), session.Options{Home: t.TempDir(), BudgetEnv: env}))
		after := must[*session.Window](t)(again.Window(ctx, session.WindowOptions{}))
		if diff := cmp.Diff(before, after); diff != "" {
			t.Errorf("the window after a restart (-before +after):\n%s", diff)
		}
		if again.Model() != "openai/gpt-4o" || again.Notice() != "" {
			t.Errorf("resumed model %q, notice %q", again.Model(), again.Notice())
		}

		// Another model on resume is a change the log records and the
		// host is told of in one line; the budget follows it.
		other := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), session.Options{Home: t.TempDir(), BudgetEnv: env, Model: "anthropic/claude-opus-4-1"}))
		if n := other.Notice(); !strings.Contains(n, "model openai/gpt-4o → anthropic/claude-opus-4-1") || strings.Contains(n, "\n") {
			t.Errorf("notice %q", n)
		}
		w := must[*session.Window](t)(other.Window(ctx, session.WindowOptions{}))
		if w.Budget != 200000 || w.Source != evict.SourceModelsDev {
			t.Errorf("budget after the model change: %d from %s", w.Budget, w.Source)
		}
		third := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), session.Options{Home: t.TempDir(), BudgetEnv: env}))
		if third.Model() != "anthropic/claude-opus-4-1" || third.Notice() != "" {
			t.Errorf("the change was not logged: model %q, notice %q", third.Model(), third.Notice())
		}
	})
}

// The host API's override is the session's own and is logged like the
// builtin's: another session does not see it, a restart keeps it.
func TestSetContextWindowIsTheSessions(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		opts := session.Options{Title: "o", Home: t.TempDir(), Model: "acme/m"}
		s := must[*session.Session](t)(session.Open(ctx, st, opts))
		other := must[*session.Session](t)(session.Open(ctx, st, opts))
		must[session.Turn](t)(s.RunTurn(ctx, "(+ 1 1)", session.TurnOptions{}))
		if err := s.SetContextWindow(ctx, "acme/m", 4321); err != nil {
			t.Fatal(err)
		}
		if w := must[*session.Window](t)(other.Window(ctx, session.WindowOptions{})); w.Budget != 0 {
			t.Errorf("another session sees the override: %d", w.Budget)
		}
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), session.Options{Home: t.TempDir()}))
		if w := must[*session.Window](t)(again.Window(ctx, session.WindowOptions{})); w.Budget != 4321 || w.Source != evict.SourceOverride {
			t.Errorf("after a restart: %d from %s", w.Budget, w.Source)
		}
		if err := s.SetContextWindow(ctx, "no-slash", 1); err == nil {
			t.Error("a model that is not provider/id was taken")
		}
	})
}
