package session_test

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/nodelisp/nodelisp/store"
)

// A file that is there but cannot be read as text (a FIFO, binary bytes,
// one over the size limit) exists all the same: probe-file gives its
// truename, as SBCL's does, and load names what is wrong with it rather
// than saying it does not exist. Before, probe-file answered nil for all
// three and load said "does not exist" of a file directory listed.
func TestProbeFileSeesFilesItCannotRead(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		s, dir := fileSession(t, st, 64)
		must[int64](t)(s.Input(context.Background(), "probe"))
		if err := syscall.Mkfifo(filepath.Join(dir, "pipe.lisp"), 0o600); err != nil {
			t.Fatal(err)
		}
		writeTemp(t, filepath.Join(dir, "bytes.lisp"), "(print 1)\x00")
		writeTemp(t, filepath.Join(dir, "big.lisp"), strings.Repeat(";", 100))
		got := cell(t, s, `(mapcar (lambda (f) (and (probe-file f) (enough-namestring (probe-file f))))
		                           '("pipe.lisp" "bytes.lisp" "big.lisp" "none.lisp"))`)
		if got != `("pipe.lisp" "bytes.lisp" "big.lisp" nil)` {
			t.Errorf("probe-file: %s", got)
		}
		for file, want := range map[string]string{
			"pipe":  "not a regular file",
			"bytes": "not a text file",
			"big":   "limit",
		} {
			for _, form := range []string{`(load "%s")`, `(load "%s" :if-does-not-exist nil)`} {
				form = strings.Replace(form, "%s", file, 1)
				if msg := cellError(t, s, form); !strings.Contains(msg, want) {
					t.Errorf("%s: %s, want it to say %q", form, msg, want)
				}
			}
		}
		if msg := cellError(t, s, `(load "none")`); !strings.Contains(msg, "does not exist") {
			t.Errorf(`(load "none"): %s`, msg)
		}
		if got := cell(t, s, `(load "none" :if-does-not-exist nil)`); got != "nil" {
			t.Errorf(`(load "none" :if-does-not-exist nil): %s`, got)
		}
	})
}
