package serve_test

import (
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/serve"
)

// TestServeOnPostgres is one end-to-end path on PostgreSQL, the store for
// agents: the real binary with --db a postgres:// URL opens a session,
// runs a turn that writes a file, and a second process resumes it, sees
// the same window, and undoes the turn's file.
func TestServeOnPostgres(t *testing.T) {
	e := newEnv(t)
	e.db = testdb.PostgresURL(t)
	c := startServe(t, e)
	c.ok("open", obj{"id": "pg1", "title": "on postgres"}, nil)
	var in serve.Seq
	c.ok("input", obj{"session": "pg1", "text": "write a file"}, &in)
	var cell serve.Cell
	c.ok("eval", obj{"session": "pg1", "code": `(write-file "notes.txt" "from postgres")`}, &cell)
	if cell.Error {
		t.Fatalf("eval: %s", cell.Text)
	}
	c.ok("eval", obj{"session": "pg1", "code": `(length (recall-log :kinds "tool call"))`}, &cell)
	// The write-file cell; the recall cell itself is an echo, left out.
	if !strings.HasPrefix(cell.Text, "1\n") {
		t.Fatalf("recall-log on postgres: %q", cell.Text)
	}
	var before serve.Window
	c.ok("window", obj{"session": "pg1"}, &before)
	if code := c.close(); code != 0 {
		t.Fatalf("serve exited %d: %s", code, c.stderr)
	}

	c = startServe(t, e)
	c.ok("resume", obj{"session": "pg1"}, nil)
	var after serve.Window
	c.ok("window", obj{"session": "pg1"}, &after)
	if len(after.Messages) != len(before.Messages) || after.Head != in.Seq {
		t.Fatalf("window after resume: %d messages head %d, want %d messages head %d", len(after.Messages), after.Head, len(before.Messages), in.Seq)
	}
	for i := range before.Messages {
		if before.Messages[i].Text != after.Messages[i].Text {
			t.Errorf("message %d after resume: %q, want %q", i, after.Messages[i].Text, before.Messages[i].Text)
		}
	}
	var mv serve.Move
	c.ok("undo", obj{"session": "pg1"}, &mv)
	if len(mv.Files) != 1 || mv.Files[0] != "removed notes.txt" {
		t.Errorf("undo on postgres: files %v, want [removed notes.txt]", mv.Files)
	}
}
