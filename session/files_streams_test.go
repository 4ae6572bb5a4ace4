package session_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// File streams write through the file verbs' recording path: each closed
// output stream is one file change, and undo puts the file back.
func TestFileStreamsRecordAndUndo(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "write"))
		cell(t, s, `(with-open-file (out "notes/a.txt" :direction :output)
		              (write-line "first" out)
		              (format out "second ~a~%" 2))`)
		wantFiles(t, dir, map[string]string{"notes/a.txt": "first\nsecond 2\n"})
		got := cell(t, s, `(with-open-file (in "notes/a.txt")
		                     (list (read-line in) (read-line in) (read-line in nil :eof) (file-length in)))`)
		if got != `("first" "second 2" :eof 15)` {
			t.Errorf("reading back: %s", got)
		}
		if got := cellError(t, s, `(open "notes/a.txt" :direction :output)`); !strings.Contains(got, "already exists") {
			t.Errorf("open over an existing file: %s", got)
		}
		must[int64](t)(s.Input(ctx, "append"))
		cell(t, s, `(with-open-file (out "notes/a.txt" :direction :output :if-exists :append) (write-string "third" out))`)
		wantFiles(t, dir, map[string]string{"notes/a.txt": "first\nsecond 2\nthird"})
		// An error in the body closes with :abort t: the file is untouched.
		cellError(t, s, `(with-open-file (out "notes/a.txt" :direction :output :if-exists :supersede) (write-string "lost" out) (error "stop"))`)
		wantFiles(t, dir, map[string]string{"notes/a.txt": "first\nsecond 2\nthird"})
		if got := cell(t, s, `(list (probe-file "notes/a.txt") (probe-file "nope.txt") (open "nope.txt" :if-does-not-exist nil))`); got != `("notes/a.txt" nil nil)` {
			t.Errorf("probe-file: %s", got)
		}
		if got := cellError(t, s, `(open "../outside.txt" :direction :output)`); !strings.Contains(got, "outside the working directory") {
			t.Errorf("escaping path: %s", got)
		}
		n := 0
		for _, e := range fileEvents(t, st, s.ID()) {
			if e.Kind == event.KindFileChange {
				n++
			}
		}
		if n != 2 {
			t.Errorf("%d file changes recorded, want 2 (one per closed output stream)", n)
		}
		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored notes/a.txt")
		wantFiles(t, dir, map[string]string{"notes/a.txt": "first\nsecond 2\n"})
		mv, err = s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed notes/a.txt")
		wantFiles(t, dir, map[string]string{})
	})
}
