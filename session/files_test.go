package session_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// fileSession opens a session whose file verbs work in a fresh directory.
func fileSession(t *testing.T, st store.Store, limit int64) (*session.Session, string) {
	t.Helper()
	dir := t.TempDir()
	s := must[*session.Session](t)(session.Open(context.Background(), st, fileOpts(dir, limit)))
	return s, dir
}

func fileOpts(dir string, limit int64) session.Options {
	return session.Options{Title: "files", BudgetEnv: &evict.Env{}, Workdir: dir, FileLimit: limit}
}

// cell evaluates code and fails the test if the cell errs.
func cell(t *testing.T, s *session.Session, code string) string {
	t.Helper()
	r := must[session.CellResult](t)(s.Eval(context.Background(), code, session.TurnOptions{}))
	if r.Error {
		t.Fatalf("%s: %s", code, r.Text)
	}
	return r.Text
}

// cellError evaluates code and returns its error message, failing the
// test if the cell does not err.
func cellError(t *testing.T, s *session.Session, code string) string {
	t.Helper()
	r := must[session.CellResult](t)(s.Eval(context.Background(), code, session.TurnOptions{}))
	if !r.Error {
		t.Fatalf("%s: want an error, got %s", code, r.Text)
	}
	msg := strings.TrimPrefix(r.Text, "error: ")
	// Drop the position, "1:1: ".
	if i := strings.Index(msg, ": "); i >= 0 && strings.Trim(msg[:i], "0123456789:") == "" {
		msg = msg[i+2:]
	}
	return msg
}

// snapshot reads every regular file under dir, by slash path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func wantFiles(t *testing.T, dir string, want map[string]string) {
	t.Helper()
	if diff := cmp.Diff(want, snapshot(t, dir)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}

func wantMove(t *testing.T, mv session.Move, err error, lines ...string) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(lines, mv.Files); diff != "" {
		t.Errorf("move %s %d→%d files (-want +got):\n%s", mv.Why, mv.From, mv.To, diff)
	}
}

func fileEvents(t *testing.T, st store.Store, id string) []store.Event {
	t.Helper()
	r := must[store.ScanResult](t)(st.Scan(context.Background(), store.Query{Session: id, Kinds: []string{event.KindFileChange}}))
	return r.Events
}

func TestFileVerbsUndoRedo(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "one"))
		if got := cell(t, s, `(write-file "a.txt" "one")`); got != `"a.txt"` {
			t.Errorf("write-file returned %s", got)
		}
		must[int64](t)(s.Input(ctx, "two"))
		cell(t, s, `(edit-file "a.txt" "one" "two")`)
		cell(t, s, `(write-file "src/b.txt" "bee")`)
		t3 := must[int64](t)(s.Input(ctx, "three"))
		if got := cell(t, s, `(delete-file "a.txt")`); got != "t" {
			t.Errorf("delete-file returned %s", got)
		}
		wantFiles(t, dir, map[string]string{"src/b.txt": "bee"})

		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "two", "src/b.txt": "bee"})
		mv, err = s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed src/b.txt", "restored a.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "one"})
		mv, err = s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed a.txt")
		wantFiles(t, dir, map[string]string{})

		mv, err = s.Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "one"})
		// Redo follows the newest undo only, so the way back to turn three
		// is a rewind; it re-applies turn two's changes and then three's.
		mv, err = s.Rewind(ctx, t3, session.UndoOptions{})
		wantMove(t, mv, err, "removed a.txt", "restored src/b.txt")
		wantFiles(t, dir, map[string]string{"src/b.txt": "bee"})
		mv, err = s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt")
		mv, err = s.Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed a.txt")
		wantFiles(t, dir, map[string]string{"src/b.txt": "bee"})
	})
}

func TestFileChangeEvents(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, _ := fileSession(t, st, 0)
		turn := must[int64](t)(s.Input(ctx, "go"))
		cell(t, s, `(write-file "a.txt" "<one>")`)
		cell(t, s, `(write-file "a.txt" "<one>")`) // no change, no event
		cell(t, s, `(edit-file "./a.txt" "one" "two")`)
		cell(t, s, `(delete-file "a.txt")`)
		cell(t, s, `(write-file "a.txt" "3")`)
		var got []string
		for _, e := range fileEvents(t, st, s.ID()) {
			if e.Turn != turn {
				t.Errorf("event %d has turn %d, want %d", e.Seq, e.Turn, turn)
			}
			got = append(got, string(e.Payload))
		}
		want := []string{
			`{"path":"a.txt","before":null,"after":"<one>"}`,
			`{"path":"a.txt","before":"<one>","after":"<two>"}`,
			`{"path":"a.txt","before":"<two>","after":null}`,
			`{"path":"a.txt","before":null,"after":"3"}`,
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("payloads (-want +got):\n%s", diff)
		}
		rows := cell(t, s, `(mapcar (lambda (r) (getf r :body)) (recall-log :kinds "file change"))`)
		if rows != `("create a.txt (5 B)" "write a.txt (5 B → 5 B)" "delete a.txt (5 B)" "create a.txt (1 B)")` {
			t.Errorf("recall-log bodies: %s", rows)
		}
		// The undo's restore is recorded too, marked with its head move.
		mv := must[session.Move](t)(s.Undo(ctx, session.UndoOptions{}))
		evs := fileEvents(t, st, s.ID())
		last := evs[len(evs)-1]
		if got, want := string(last.Payload), `{"path":"a.txt","before":"3","after":null,"move":`+itoa(mv.Seq)+`}`; got != want || last.Turn != 0 {
			t.Errorf("restore event turn %d: %s, want turn 0: %s", last.Turn, got, want)
		}
	})
}

func TestRewindAcrossThreeTurns(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		t1 := must[int64](t)(s.Input(ctx, "one"))
		cell(t, s, `(write-file "a.txt" "1")`)
		must[int64](t)(s.Input(ctx, "two"))
		cell(t, s, `(write-file "a.txt" "2") (write-file "b.txt" "2")`)
		must[int64](t)(s.Input(ctx, "three"))
		cell(t, s, `(delete-file "b.txt") (write-file "c.txt" "3")`)
		t4 := must[int64](t)(s.Input(ctx, "four"))
		cell(t, s, `(write-file "a.txt" "4")`)
		after4 := map[string]string{"a.txt": "4", "c.txt": "3"}
		wantFiles(t, dir, after4)

		mv, err := s.Rewind(ctx, t1, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt", "removed c.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "1"})

		// A branch from turn 1, then a rewind across to the old branch:
		// back up to turn 1, then down again to turn 4.
		must[int64](t)(s.Input(ctx, "other"))
		cell(t, s, `(write-file "a.txt" "x") (write-file "x.txt" "x")`)
		mv, err = s.Rewind(ctx, t4, session.UndoOptions{})
		wantMove(t, mv, err, "removed x.txt", "restored a.txt", "restored c.txt")
		wantFiles(t, dir, after4)

		// /tree N moves head only.
		mv, err = s.Continue(ctx, t1)
		wantMove(t, mv, err)
		wantFiles(t, dir, after4)
	})
}

func TestUndoKeepFiles(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "one"))
		cell(t, s, `(write-file "a.txt" "1")`)
		mv, err := s.Undo(ctx, session.UndoOptions{KeepFiles: true})
		wantMove(t, mv, err)
		wantFiles(t, dir, map[string]string{"a.txt": "1"})
		// Redo finds the file already as turn one left it.
		mv, err = s.Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err)
		mv, err = s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed a.txt")
		mv, err = s.Redo(ctx, session.UndoOptions{KeepFiles: true})
		wantMove(t, mv, err)
		wantFiles(t, dir, map[string]string{})
	})
}

func TestUndoLeavesFilesChangedSince(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "one"))
		cell(t, s, `(write-file "a.txt" "1") (write-file "b.txt" "1")`)
		must[int64](t)(s.Input(ctx, "two"))
		cell(t, s, `(write-file "a.txt" "2") (write-file "b.txt" "2")`)
		if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
		before := len(fileEvents(t, st, s.ID()))
		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored b.txt", "left a.txt: changed since (not overwritten)")
		wantFiles(t, dir, map[string]string{"a.txt": "mine", "b.txt": "1"})
		if n := len(fileEvents(t, st, s.ID())) - before; n != 1 {
			t.Errorf("undo recorded %d restores, want 1", n)
		}
	})
}

func TestPathEscapesTouchNothing(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		outside := filepath.Join(t.TempDir(), "secret.txt")
		if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(outside, filepath.Join(dir, "link.txt")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Dir(outside), filepath.Join(dir, "up")); err != nil {
			t.Fatal(err)
		}
		must[int64](t)(s.Input(ctx, "escape"))
		for _, p := range []string{"../x", "/etc/passwd", outside, "link.txt", "up/secret.txt"} {
			for _, code := range []string{
				`(read-file "` + p + `")`, `(write-file "` + p + `" "x")`,
				`(edit-file "` + p + `" "secret" "x")`, `(delete-file "` + p + `")`,
			} {
				msg := cellError(t, s, code)
				op := code[1:strings.IndexByte(code, ' ')]
				if want := op + ": " + p + " is outside the working directory "; !strings.HasPrefix(msg, want) {
					t.Errorf("%s: %q, want it to start %q", code, msg, want)
				}
			}
		}
		msg := cellError(t, s, `(list-files "..")`)
		if !strings.HasPrefix(msg, "list-files: .. is outside the working directory") {
			t.Errorf("list-files ..: %q", msg)
		}
		if got, _ := os.ReadFile(outside); string(got) != "secret" {
			t.Errorf("the file outside now holds %q", got)
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "x")); err == nil {
			t.Errorf("../x was created")
		}
		if evs := fileEvents(t, st, s.ID()); len(evs) != 0 {
			t.Errorf("escapes recorded %d file changes", len(evs))
		}
	})
}

func TestReadRefusesLargeAndBinary(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 64)
		for name, text := range map[string]string{
			"big.txt": strings.Repeat("x", 100), "nul.bin": "a\x00b", "latin.txt": "caf\xe9", "ok.txt": "fine",
		} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		must[int64](t)(s.Input(ctx, "read"))
		for code, want := range map[string]string{
			`(read-file "big.txt")`:                                        "read-file: big.txt is 100 B, over the 64 B limit",
			`(read-file "nul.bin")`:                                        "read-file: nul.bin is not a text file (it holds NUL bytes)",
			`(read-file "latin.txt")`:                                      "read-file: latin.txt is not a text file (it is not valid UTF-8)",
			`(read-file "none.txt")`:                                       "read-file: none.txt does not exist",
			`(write-file "new.txt" (make-string 65))`:                      "write-file: new.txt would be 65 B, over the 64 B limit",
			`(delete-file "nul.bin")`:                                      "delete-file: nul.bin is not a text file (it holds NUL bytes)",
			`(handler-case (read-file "nul.bin") (file-error () :caught))`: "",
		} {
			if want == "" {
				if got := cell(t, s, code); got != ":caught" {
					t.Errorf("%s = %s", code, got)
				}
				continue
			}
			if got := cellError(t, s, code); got != want {
				t.Errorf("%s: %q, want %q", code, got, want)
			}
		}
		if got := cell(t, s, `(read-file "ok.txt")`); got != `"fine"` {
			t.Errorf("read-file ok.txt = %s", got)
		}
	})
}

func TestEditFileCounts(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "edit"))
		cell(t, s, `(write-file "a.txt" "x = 1; x = 1; x = 1; aaa")`)
		for code, want := range map[string]string{
			`(edit-file "a.txt" "x = 1" "y")`: "edit-file: found 3 occurrences of the old text in a.txt; it must occur exactly once",
			`(edit-file "a.txt" "zzz" "y")`:   "edit-file: found no occurrence of the old text in a.txt; it must occur exactly once",
			`(edit-file "a.txt" "aa" "b")`:    "edit-file: found 2 occurrences of the old text in a.txt; it must occur exactly once",
			`(edit-file "a.txt" "" "b")`:      "edit-file: the old text is empty",
			`(edit-file "b.txt" "a" "b")`:     "edit-file: b.txt does not exist",
			`(edit-file "a.txt" 1 "b")`:       "edit-file: old must be a string, got 1",
		} {
			if got := cellError(t, s, code); got != want {
				t.Errorf("%s: %q, want %q", code, got, want)
			}
		}
		cell(t, s, `(edit-file "a.txt" "aaa" "b")`)
		wantFiles(t, dir, map[string]string{"a.txt": "x = 1; x = 1; x = 1; b"})
	})
}

func TestResumeThenUndoRestoresFromTheLog(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "one"))
		cell(t, s, `(write-file "a.txt" "1")`)
		must[int64](t)(s.Input(ctx, "two"))
		cell(t, s, `(write-file "a.txt" "2") (write-file "b.txt" "b")`)
		again := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), fileOpts(dir, 0)))
		mv, err := again.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed b.txt", "restored a.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "1"})
		third := must[*session.Session](t)(session.Resume(ctx, st, s.ID(), fileOpts(dir, 0)))
		mv, err = third.Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored b.txt", "restored a.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "2", "b.txt": "b"})
	})
}

// TestCellWritesUndoRedo is the REPL's story at the Go level: a cell writes
// a file, /undo removes it, /redo brings it back.
func TestCellWritesUndoRedo(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, `(write-file "notes.txt" "hello")`))
		cell(t, s, `(write-file "notes.txt" "hello")`)
		wantFiles(t, dir, map[string]string{"notes.txt": "hello"})
		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed notes.txt")
		wantFiles(t, dir, map[string]string{})
		mv, err = s.Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored notes.txt")
		wantFiles(t, dir, map[string]string{"notes.txt": "hello"})
	})
}

func TestReplayChangesNoFiles(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "one"))
		cell(t, s, `(defvar *w* (write-file "a.txt" "1")) (defvar *r* (read-file "a.txt"))`)
		must[int64](t)(s.Input(ctx, "two"))
		cell(t, s, `(write-file "a.txt" "2")`)
		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt")
		// The replayed defvar read the file back, but did not write it.
		if got := cell(t, s, `*r*`); got != `"1"` {
			t.Errorf("*r* after undo = %s", got)
		}
		// *w* keeps the value its state record holds: the defvar and its
		// write-file do not run again.
		if got := cell(t, s, `(boundp '*w*)`); got != "t" {
			t.Errorf("(boundp '*w*) = %s, want t: the value comes from the state record", got)
		}
		wantFiles(t, dir, map[string]string{"a.txt": "1"})
		var moves int
		for _, e := range fileEvents(t, st, s.ID()) {
			var p map[string]any
			_ = json.Unmarshal(e.Payload, &p)
			if p["move"] == nil {
				moves++
			}
		}
		if moves != 2 {
			t.Errorf("%d file changes by cells, want 2", moves)
		}
	})
}

func TestListFiles(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, _ := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "list"))
		cell(t, s, `(write-file "src/b.go" "b") (write-file "src/a.go" "a") (write-file "src/lib/c.go" "c") (write-file "top.txt" "t")`)
		if got := cell(t, s, `(list-files)`); got != `("src/" "top.txt")` {
			t.Errorf("(list-files) = %s", got)
		}
		if got := cell(t, s, `(list-files "src")`); got != `("src/a.go" "src/b.go" "src/lib/")` {
			t.Errorf("(list-files \"src\") = %s", got)
		}
	})
}

func TestNoWorkdirNoVerbs(t *testing.T) {
	st := testdb.SQLite(t)
	ctx := context.Background()
	s := must[*session.Session](t)(session.Open(ctx, st, opts("")))
	must[int64](t)(s.Input(ctx, "go"))
	if got := cell(t, s, `(fboundp 'write-file)`); got != "nil" {
		t.Errorf("without a workdir (fboundp 'write-file) = %s", got)
	}
}
