package session_test

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// globalWays are the ways a cell makes a global, each leaving *g* as a
// list whose two elements are one list (sharing to keep).
var globalWays = []struct{ way, cell string }{
	{"setq", `(setq *g* (let ((x (list 1 2))) (list x x)))`},
	{"setf symbol-value", `(setf (symbol-value '*g*) (let ((x (list 1 2))) (list x x)))`},
	{"set", `(set '*g* (let ((x (list 1 2))) (list x x)))`},
	{"defvar", `(defvar *g* (let ((x (list 1 2))) (list x x)))`},
	{"defparameter", `(defparameter *g* (let ((x (list 1 2))) (list x x)))`},
	{"defconstant", `(defconstant +g+ 12)`},
}

// Every global the image holds after a cell is state however it was
// made: an undo of a later, unrelated turn and a resume in a new image
// both keep it, with its sharing (issue 29: a setq global was unbound).
func TestGlobalsMadeEveryWaySurviveUndoAndResume(t *testing.T) {
	const check = `(if (boundp '+g+) +g+ (list (eq (first *g*) (second *g*)) *g*))`
	for _, w := range globalWays {
		t.Run(w.way, func(t *testing.T) {
			eachBackend(t, func(t *testing.T, st store.Store) {
				ctx := context.Background()
				h := &imageHost{t: t, st: st}
				s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
				h.turn(s, w.cell)
				h.checkAfterUndoAndResume(s, check, evalText(t, s, check))
			})
		})
	}
}

// A global only assigned stays undeclared after a restore: a let of its
// name still binds lexically, as before.
func TestRestoredSetqGlobalStaysLexicalInLet(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		h.turn(s, `(setq gv 1)`)
		h.turn(s, `(defun read-gv () gv)`)
		const check = `(let ((gv 2)) (read-gv))`
		want := evalText(t, s, check)
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), h.opts()))
		if got := evalText(t, again, check); got != want || want != "1" {
			t.Errorf("after resume: %s, before %s, want 1 both", got, want)
		}
	})
}

// checkAfterUndoAndResume takes one more turn, undoes it and checks that
// check still evaluates to want; then resumes the session in a new image
// and checks again: what the image held before the turn comes back both
// ways.
func (h *imageHost) checkAfterUndoAndResume(s *session.Session, check, want string) {
	h.t.Helper()
	ctx := context.Background()
	h.turn(s, "(+ 1 2)")
	must[session.Move](h.t)(s.Undo(ctx, session.UndoOptions{}))
	if got := evalText(h.t, s, check); got != want {
		h.t.Errorf("after undo: %s, want %s", got, want)
	}
	again := must[*session.Session](h.t)(session.Resume(ctx, h.st, s.ID(), h.opts()))
	if got := evalText(h.t, again, check); got != want {
		h.t.Errorf("after resume: %s, want %s", got, want)
	}
}

func evalText(t *testing.T, s *session.Session, code string) string {
	t.Helper()
	res, err := s.Interpreter().Eval(context.Background(), code)
	if err != nil {
		t.Fatalf("%s: %v", code, err)
	}
	return lisp.Prin1ToString(res.Value)
}
