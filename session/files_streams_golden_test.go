package session_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// Each testdata/files/NAME.lisp runs as one cell in a session whose
// working directory is empty, and prints what SBCL printed running it in
// an empty directory (NAME.out, written by scripts/golden.sh): the file
// streams read and write what SBCL's do.
func TestFileStreamGoldens(t *testing.T) {
	programs, err := filepath.Glob("../testdata/files/*.lisp")
	if err != nil || len(programs) == 0 {
		t.Fatalf("no programs under testdata/files: %v", err)
	}
	eachBackend(t, func(t *testing.T, st store.Store) {
		for _, p := range programs {
			name := strings.TrimSuffix(filepath.Base(p), ".lisp")
			t.Run(name, func(t *testing.T) {
				code := string(must[[]byte](t)(os.ReadFile(p)))
				want := string(must[[]byte](t)(os.ReadFile(strings.TrimSuffix(p, ".lisp") + ".out")))
				s, _ := fileSession(t, st, 0)
				must[int64](t)(s.Input(context.Background(), name))
				r := must[session.CellResult](t)(s.Eval(context.Background(), code, session.TurnOptions{}))
				if r.Error {
					t.Fatalf("the cell failed: %s", r.Text)
				}
				if !strings.HasPrefix(r.Text, want) {
					t.Errorf("output differs from SBCL's\n got: %q\nwant: %q", r.Text, want)
				}
			})
		}
	})
}
