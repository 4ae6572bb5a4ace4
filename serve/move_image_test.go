package serve_test

import (
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/serve"
)

// An undo's answer says what the image could not get back exactly: a
// definition made inside a let was evaluated again.
func TestMoveAnswersImageNotes(t *testing.T) {
	c := startServe(t, newEnv(t))
	s := obj{"session": "img"}
	c.ok("open", obj{"id": "img", "title": "image notes"}, nil)
	for _, code := range []string{"(let ((n 0)) (defun counter () (incf n)))", "(+ 1 2)"} {
		c.ok("input", obj{"session": "img", "text": code}, nil)
		c.ok("eval", obj{"session": "img", "code": code}, nil)
	}
	var mv serve.Move
	c.ok("undo", s, &mv)
	if len(mv.Image) != 1 || !strings.HasPrefix(mv.Image[0], "counter defined inside a let") {
		t.Errorf("undo's image notes: %q", mv.Image)
	}
}
