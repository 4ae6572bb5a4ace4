package session_test

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// A random state in a global is part of the image: after an undo the
// same turn draws the same numbers again, and a resumed session goes on
// with the numbers the original goes on to draw.
func TestRandomStateSurvivesMovesAndResume(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		got := func(s *session.Session) string {
			t.Helper()
			res, err := s.Interpreter().Eval(ctx, "*got*")
			if err != nil {
				t.Fatal(err)
			}
			return lisp.Prin1ToString(res.Value)
		}
		const draw = `(setq *got* (list (random 1000000000) (random 1000000000 *mine*)))`
		h.turn(s, `(defvar *mine* (make-random-state t)) (defvar *got* nil)`)
		h.turn(s, draw)
		first := got(s)
		must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		h.turn(s, draw)
		if again := got(s); again != first {
			t.Errorf("after undo the turn drew %s, want %s again", again, first)
		}

		// What the original would draw next, from copies of its states.
		res, err := s.Interpreter().Eval(ctx, `(list (random 1000000000 (make-random-state nil)) (random 1000000000 (make-random-state *mine*)))`)
		if err != nil {
			t.Fatal(err)
		}
		next := lisp.Prin1ToString(res.Value)
		resumed := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
		h.turn(resumed, draw)
		if b := got(resumed); b != next || b == first {
			t.Errorf("the resumed session drew %s, want %s (the turn before drew %s)", b, next, first)
		}
	})
}
