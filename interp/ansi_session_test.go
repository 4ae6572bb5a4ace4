//go:build ansi

package interp_test

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// The ANSI harness's images and directories: nodelisp runs a chapter in a
// session whose working directory is a copy of the suite, so the file
// functions (a session's, confined to that directory) reach the suite's
// sandbox, as SBCL, started in another copy, reaches its own.

// copySuite copies the suite at root (its .git left out) into a fresh
// temporary directory the test removes, and returns the copy's path.
func copySuite(t *testing.T, root string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ansi-test")
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if e.IsDir() && e.Name() == ".git" {
			return filepath.SkipDir
		}
		target := filepath.Join(dir, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copy the suite: %v", err)
	}
	return dir
}

// ansiSession opens a session over a SQLite log in a temporary directory,
// with workdir its working directory, runs the harness's prelude as its
// first turn, and returns its image. The tests are then evaluated in the
// image directly, one call a test as the bare image's were, not as turns
// of their own: the file changes they make are recorded in the prelude's
// turn, and the chapter's thousands of tests need no log entries.
func ansiSession(t *testing.T, workdir string) *interp.Interpreter {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "log.sqlite"))
	if err != nil {
		t.Fatalf("open the log: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	s, err := session.Open(ctx, st, session.Options{Title: "ansi", BudgetEnv: &evict.Env{}, Workdir: workdir,
		Limits: eval.Limits{MaxSteps: 5_000_000}})
	if err != nil {
		t.Fatalf("open a session: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.Input(ctx, "the ANSI suite"); err != nil {
		t.Fatalf("record the input: %v", err)
	}
	r, err := s.Eval(ctx, ansiPrelude, session.TurnOptions{})
	if err != nil || r.Error {
		t.Fatalf("prelude: %v %s", err, r.Text)
	}
	it := s.Interpreter()
	it.SetStdout(io.Discard)
	return it
}
