package session_test

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// A binary file stream ((unsigned-byte 8)) writes bytes as one recorded
// file change that undo puts back, reads them back with read-byte, and
// refuses at close bytes that are not text in UTF-8 (the log carries
// text), leaving the file as it was.
func TestBinaryFileStreams(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "bytes"))
		got := cell(t, s, `(with-open-file (out "b.dat" :direction :output :element-type '(unsigned-byte 8))
		                     (list (stream-element-type out) (type-of out)
		                           (progn (dolist (b '(104 105 195 169)) (write-byte b out)) (file-length out))))`)
		if got != `((unsigned-byte 8) file-stream 4)` {
			t.Errorf("writing bytes: %s", got)
		}
		wantFiles(t, dir, map[string]string{"b.dat": "hi\u00e9"})
		got = cell(t, s, `(with-open-file (in "b.dat" :element-type '(unsigned-byte 8))
		                    (list (read-byte in) (read-byte in) (read-byte in) (read-byte in) (read-byte in nil :eof)))`)
		if got != `(104 105 195 169 :eof)` {
			t.Errorf("reading bytes: %s", got)
		}
		if got := cellError(t, s, `(with-open-file (out "b.dat" :direction :output :if-exists :supersede :element-type '(unsigned-byte 8))
		                              (write-byte 255 out))`); !strings.Contains(got, "UTF-8") {
			t.Errorf("invalid UTF-8 written: %s", got)
		}
		wantFiles(t, dir, map[string]string{"b.dat": "hi\u00e9"})
		if got := cellError(t, s, `(with-open-file (in "b.dat" :element-type '(unsigned-byte 8)) (read-char in))`); !strings.Contains(got, "read-byte") {
			t.Errorf("read-char on a binary stream: %s", got)
		}
		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed b.dat")
		wantFiles(t, dir, map[string]string{})
	})
}
