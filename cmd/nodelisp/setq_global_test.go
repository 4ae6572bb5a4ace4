package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
)

// The setq global through the real binary, on both backends: a
// global no defvar declared, its two elements one list, kept by /undo of
// a later, unrelated turn and by a resume in a new process, its sharing
// whole (issue 29: *shared* was unbound after either).
func TestSetqGlobalSurvivesUndoAndANewProcess(t *testing.T) {
	env := testEnv(t)
	const check = "(list (eq (first *shared*) (second *shared*)) *shared*)\n"
	const want = "(t ((1 2) (1 2)))"
	for _, b := range []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "log.db") }},
		{"postgres", func(t *testing.T) string { return testdb.PostgresURL(t) }},
	} {
		t.Run(b.name, func(t *testing.T) {
			db := b.db(t)
			out := mustRun(t, env, "(setq *shared* (let ((x (list 1 2))) (list x x)))\n(+ 1 2)\n/undo\n"+check, "--db", db)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if got := lines[len(lines)-1]; got != want {
				t.Fatalf("after /undo: %s, want %s\n%s", got, want, out)
			}
			id := strings.Fields(mustRun(t, env, "", "sessions", "--db", db))[0]
			if got := strings.TrimSpace(mustRun(t, env, check, "--db", db, "--session", id)); got != want {
				t.Errorf("in a new process: %s, want %s", got, want)
			}
		})
	}
}
