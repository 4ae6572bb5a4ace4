package session_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// Two hosts on one session take turns: each follows the other's head, so
// neither branches the session and each sees the other's definitions and
// values.
func TestTwoHostsFollowOneHead(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		h := &imageHost{t: t, st: st}
		a := must[*session.Session](t)(session.Open(ctx, st, h.opts()))
		h.turn(a, `(defvar *seen* (list :a)) (defun who () (first *seen*))`)
		b := must[*session.Session](t)(session.Resume(ctx, st, a.ID(), h.opts()))
		tb := h.turn(b, `(push :b *seen*)`)
		ta := h.turn(a, `(push :a2 *seen*) (defun last-host () :a)`)
		if !strings.Contains(a.Followed(), "head followed") {
			t.Errorf("host a did not say it followed: %q", a.Followed())
		}
		h.turn(b, `(push (last-host) *seen*)`)
		for name, s := range map[string]*session.Session{"a": a, "b": b} {
			if _, err := s.Undo(ctx, session.UndoOptions{}); err != nil {
				t.Fatal(err)
			}
			if s.Head() != ta {
				t.Errorf("host %s undid to %d, want %d", name, s.Head(), ta)
			}
			if _, err := s.Redo(ctx, session.UndoOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		res := must[interpResult](t)(evalIn(a, `(list *seen* (who))`))
		if res != "((:a :a2 :b :a) :a)" {
			t.Errorf("host a sees %s", res)
		}
		tree := treeOf(t, b)
		for _, turn := range tree {
			if turn.Hidden {
				t.Errorf("turn %d (%q) is off the path: the session branched", turn.Seq, turn.FirstLine)
			}
		}
		if tree[len(tree)-1].Parent != ta || ta <= tb {
			t.Errorf("tree %+v", tree)
		}
	})
}

type interpResult = string

func evalIn(s *session.Session, code string) (string, error) {
	r, err := s.Interpreter().Eval(context.Background(), code)
	return r.Printed, err
}
