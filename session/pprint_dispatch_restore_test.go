package session_test

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// A pprint dispatch table holds functions, which have no state text: the
// set-pprint-dispatch calls that changed the global table are kept as
// definitions, so an undo of a later turn and a resume make the entries
// again, the last call for a type winning as it did.
func TestPprintDispatchSurvivesUndoAndResume(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		h.turn(s, `(set-pprint-dispatch '(eql foo) (lambda (s x) (declare (ignore x)) (write-string "<old>" s)))`)
		h.turn(s, `(set-pprint-dispatch 'integer (lambda (s x) (declare (ignore x)) (write-string "<int>" s)))`)
		h.turn(s, `(set-pprint-dispatch '(eql foo) (lambda (s x) (declare (ignore x)) (write-string "<foo>" s)))`)
		h.turn(s, `(set-pprint-dispatch 'integer nil)`)
		const check = `(let ((*print-pretty* t)) (prin1-to-string (list 'foo 1)))`
		want := evalText(t, s, check)
		if want != `"(<foo> 1)"` {
			t.Fatalf("before: %s, want \"(<foo> 1)\"", want)
		}
		h.checkAfterUndoAndResume(s, check, want)
	})
}
