package session_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/transcript"
)

// Resuming a session imported from a transcript forks it, says so, and
// leaves the imported session as the tool wrote it; a cell in the fork
// reads the imported history with recall-log.
func TestResumeImportedForks(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := b.Open(t)
			dir := filepath.Join("..", "testdata", "transcripts", "pi")
			if _, err := transcript.Import(ctx, st, transcript.Pi, []string{dir}, transcript.Options{}); err != nil {
				t.Fatal(err)
			}
			const id = "pi-019e963d-6bd6-7ade-8a49-256ac3391bdd"
			before, err := st.Scan(ctx, store.Query{Session: id, Own: true})
			if err != nil {
				t.Fatal(err)
			}
			s, err := session.Resume(ctx, st, id, session.Options{Workdir: t.TempDir(), Home: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			if s.ID() == id {
				t.Fatalf("resumed the imported session itself")
			}
			info, err := st.Session(ctx, s.ID())
			if err != nil || info.Parent != id {
				t.Fatalf("the resumed session %+v (%v) is not a fork of %s", info, err, id)
			}
			if n := s.Notice(); !strings.Contains(n, "imported from pi") || !strings.Contains(n, "resumed as its fork "+s.ID()) {
				t.Errorf("notice %q", n)
			}
			res, err := s.RunTurn(ctx, `(getf (first (recall-log :kinds :input)) :body)`, session.TurnOptions{})
			first := ""
			for _, e := range before.Events {
				if e.Kind == event.KindInput && first == "" {
					first = e.Body
				}
			}
			if err != nil || res.Cell.Error || first == "" || !strings.Contains(res.Cell.Text, first) {
				t.Fatalf("a cell in the fork: %+v, %v", res.Cell, err)
			}
			after, err := st.Scan(ctx, store.Query{Session: id, Own: true})
			if err != nil || len(after.Events) != len(before.Events) {
				t.Errorf("the imported session changed: %d events, then %d (%v)", len(before.Events), len(after.Events), err)
			}
		})
	}
}
