package session_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// A readtable holds functions, which have no state text: the calls that
// changed *readtable* are kept as definitions, so an undo of a later turn
// and a resume make the reader macros again.
func TestReaderMacrosSurviveUndoAndResume(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		s := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		h.turn(s, `(set-macro-character #\! (lambda (s c) (declare (ignore c)) (list 'bang (read s t nil t))))`)
		h.turn(s, `(make-dispatch-macro-character #\$)
(set-dispatch-macro-character #\$ #\$ (lambda (s c n) (declare (ignore s c n)) :dollars))`)
		const check = `'(!x $$)`
		want := evalText(t, s, check)
		if !strings.Contains(strings.ToLower(want), "bang") || !strings.Contains(strings.ToLower(want), "dollars") {
			t.Fatalf("before: %s, want the macros' forms", want)
		}
		h.checkAfterUndoAndResume(s, check, want)
	})
}
