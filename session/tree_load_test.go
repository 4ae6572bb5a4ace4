package session_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// TestResumedTreeReadsTheRestOnDemand: a resume reads only the end of the
// path to head (back to the newest evicted turn). What needs more, the
// tree, a rewind to an evicted turn, undo then redo, /evict naming an
// evicted turn, reads the rest and answers as the session that never
// stopped does.
func TestResumedTreeReadsTheRestOnDemand(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		o := session.Options{Title: "lazy", Home: t.TempDir(), BudgetEnv: &evict.Env{}}
		s := must[*session.Session](t)(session.Open(ctx, st, o))
		var turns []int64
		for i := 0; i < 12; i++ {
			tn := must[session.Turn](t)(s.RunTurn(ctx, fmt.Sprintf("(defparameter *last* %d)", i), session.TurnOptions{}))
			turns = append(turns, tn.Input)
		}
		must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		branch := must[session.Turn](t)(s.RunTurn(ctx, "(defparameter *last* 100)", session.TurnOptions{})).Input
		must[session.EvictResult](t)(s.Evict(ctx, fmt.Sprintf("through %d", turns[6])))
		window := texts(must[*session.Window](t)(s.Window(ctx, session.WindowOptions{})))
		tree := treeOf(t, s)

		resume := func() *session.Session {
			t.Helper()
			return must[*session.Session](t)(session.Resume(ctx, st, s.ID(), o))
		}
		last := func(r *session.Session) int64 {
			t.Helper()
			var v int64
			if err := r.Interpreter().Get("*last*", &v); err != nil {
				t.Fatal(err)
			}
			return v
		}

		r := resume()
		if r.Head() != branch || last(r) != 100 {
			t.Errorf("resumed at head %d with *last* %d, want %d and 100", r.Head(), last(r), branch)
		}
		if diff := cmp.Diff(window, texts(must[*session.Window](t)(r.Window(ctx, session.WindowOptions{})))); diff != "" {
			t.Errorf("window after resume (-before +after):\n%s", diff)
		}
		if diff := cmp.Diff(tree, treeOf(t, r)); diff != "" {
			t.Errorf("tree after resume (-before +after):\n%s", diff)
		}

		r = resume()
		if mv, err := r.Undo(ctx, session.UndoOptions{}); err != nil || mv.To != turns[9] || last(r) != 9 {
			t.Errorf("undo after resume: %+v, %v, *last* %d; want head %d and *last* 9", mv, err, last(r), turns[9])
		}
		if mv, err := r.Redo(ctx, session.UndoOptions{}); err != nil || mv.To != branch || last(r) != 100 {
			t.Errorf("redo after resume: %+v, %v, *last* %d; want head %d and *last* 100", mv, err, last(r), branch)
		}

		r = resume()
		_, err := r.Evict(ctx, fmt.Sprintf("through %d", turns[3]))
		if err == nil || !strings.Contains(err.Error(), "evicted already") {
			t.Errorf("/evict through evicted turn %d after resume: %v, want it refused as evicted already", turns[3], err)
		}

		// Each resume continues the log the one before left: head is
		// back on the branch here, after the undo and redo.
		r = resume()
		if mv, err := r.Rewind(ctx, turns[2], session.UndoOptions{}); err != nil || mv.To != turns[2] || last(r) != 2 {
			t.Errorf("rewind to evicted turn %d: %+v, %v, *last* %d; want head there and *last* 2", turns[2], mv, err, last(r))
		}
	})
}
