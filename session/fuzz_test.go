package session_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// FuzzSessionCell runs a cell as a turn of a session with a working
// directory, the way the REPL and serve run one: the recall builtins,
// context edits and the file functions take whatever the cell gives
// them. Whatever the source, the turn ends; an error says something and
// is no Go panic in disguise; and the session still runs the next cell.
// interp's FuzzEval covers the language without a session.
func FuzzSessionCell(f *testing.F) {
	for _, s := range []string{
		`(recall-log)`, `(recall-log :limit -1)`, `(recall-log :match "%" :clip 0)`,
		`(recall-log :since "2026-13-45")`, `(recall-log :kinds '(1 2))`, `(recall-log :before 0 :after 99)`,
		`(recall-search "")`, `(recall-search "a b" :rank :relevance :limit 0)`, `(recall-search 5)`,
		`(recall-entry -5)`, `(recall-entry 1 :session-id "nope")`,
		`(context)`, `(context :drop '(1 2))`, `(context :keep "x" :note 5)`, `(context :drop t)`,
		`(with-open-file (s "a.txt" :direction :output) (print 1 s))`, `(load "a.txt")`,
		`(directory "**/*")`, `(rename-file "a.txt" "../b")`, `(probe-file "/etc/passwd")`,
		`(write-file "d/e.txt" "x") (read-file "d/e.txt")`, `(edit-file "a.txt" "1" "2")`,
		`(list-files)`, `(delete-file "a.txt")`, `(compile-file "a.txt")`, `(watch 'x)`,
		`(set-syntax-from-char #\Space #\0)`,
	} {
		f.Add(s)
	}
	st, err := sqlite.Open(context.Background(), filepath.Join(f.TempDir(), "log.sqlite"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	f.Fuzz(func(t *testing.T, src string) {
		ctx := context.Background()
		s, err := session.Open(ctx, st, session.Options{Title: "fuzz", BudgetEnv: &evict.Env{},
			Home: t.TempDir(), Workdir: t.TempDir(), Limits: eval.Limits{MaxSteps: 100_000, MaxOutput: 4096}})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		turn, err := s.RunTurn(ctx, src, session.TurnOptions{Timeout: time.Second})
		if err != nil {
			t.Fatalf("the turn failed outside the cell: %v", err)
		}
		text := turn.Cell.Text
		if turn.Cell.Error {
			line, _, _ := strings.Cut(text[strings.LastIndex(text, "error: "):], "\n")
			if strings.Contains(line, "internal error") {
				t.Errorf("a Go panic on Lisp input: %s", line)
			}
			if msg := strings.TrimSpace(line[strings.LastIndex(line, ": ")+1:]); msg == "" {
				t.Errorf("the error line %q says nothing", line)
			}
		}
		if it := s.Interpreter(); !it.StandardSyntax() {
			// The cell changed how the image reads, which it may (later
			// cells are read its way, as in any Lisp): put a standard
			// readtable back from Go before checking the session.
			it.Evaluator().SetGlobal("*readtable*", reader.NewReadtable())
		}
		after, err := s.RunTurn(ctx, "(+ 1 2)", session.TurnOptions{})
		if err != nil || after.Cell.Text != "3" {
			t.Fatalf("after the cell, (+ 1 2) gives %q, %v", after.Cell.Text, err)
		}
	})
}
