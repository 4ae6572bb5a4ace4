package session_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
)

// Every value of a cell's last form is in its result, one a line: the text
// serve answers and the window an agent reads, not only the REPL's
// (issue 29: (values 1 2) showed 1).
func TestResultShowsEveryValue(t *testing.T) {
	ctx := context.Background()
	o := opts("")
	o.Home = t.TempDir()
	s := must[*session.Session](t)(session.Open(ctx, testdb.SQLite(t), o))
	tn, err := s.RunTurn(ctx, "(floor 7 2)", session.TurnOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res := tn.Cell
	if res.Text != "3\n1" || !strings.HasPrefix(res.Window, "3\n1\n") {
		t.Errorf("result %q, window text %q; want both values", res.Text, res.Window)
	}
	w, err := s.Window(ctx, session.WindowOptions{})
	if err != nil {
		t.Fatal(err)
	}
	last := w.Messages[len(w.Messages)-1]
	if !strings.HasPrefix(last.Text, "3\n1\n") {
		t.Errorf("the window's last message %q lacks both values", last.Text)
	}
}
