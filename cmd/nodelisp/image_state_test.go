package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
)

// imageCells build globals of every kind a state record keeps (issue 19):
// the five increments, a string, two globals sharing a list, a
// hash table filled by a loop, a structure and a class instance; then an
// unrelated cell that /undo takes back.
const imageCells = `(defvar *total* 0)
(incf *total* 5)
(incf *total* 5)
(incf *total* 5)
(incf *total* 5)
(incf *total* 5)
(defvar *s* (format nil "total ~a" *total*))
(defvar *a* (list 1 2 3)) (defvar *b* (cdr *a*))
(defvar *table* (make-hash-table :test 'equal))
(loop for i below 5 do (setf (gethash (format nil "k~a" i) *table*) (* i *total*)))
(defstruct point x y) (defvar *p* (make-point :x *total* :y "y"))
(defclass account () ((owner :initarg :owner :reader owner) (balance :initarg :balance :accessor balance))) (defvar *acct* (make-instance 'account :owner "ann" :balance 7))
(setf *total* 1000 *s* "gone")
/undo
`

// imageForm prints those globals, the sharing between *a* and *b* and the
// table's entries in insertion order.
const imageForm = `(list *total* *s* *a* (eq (cdr *a*) *b*) (let (r) (maphash (lambda (k v) (push (list k v) r)) *table*) (nreverse r)) *p* (owner *acct*) (balance *acct*))
`

const wantImage = `(25 "total 25" (1 2 3) t (("k0" 0) ("k1" 25) ("k2" 50) ("k3" 75) ("k4" 100)) #S(point :x 25 :y "y") "ann" 7)`

// The undo example through the REPL, then the session exported,
// imported into the other backend (SQLite and PostgreSQL, both real) and
// resumed there: the image is the one the undo left.
func TestImageAcrossBackends(t *testing.T) {
	env := testEnv(t)
	sqlite := func(t *testing.T) string { return filepath.Join(t.TempDir(), "log.db") }
	backends := []struct {
		name string
		db   func(t *testing.T) string
	}{{"sqlite", sqlite}, {"postgres", func(t *testing.T) string { return testdb.PostgresURL(t) }}}
	for i, from := range backends {
		to := backends[1-i]
		t.Run(from.name+"-to-"+to.name, func(t *testing.T) {
			src := from.db(t)
			out := mustRun(t, env, imageCells+imageForm, "--db", src)
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if got := lines[len(lines)-1]; got != wantImage {
				t.Fatalf("after /undo: %s\nwant %s", got, wantImage)
			}
			id := strings.Fields(mustRun(t, env, "", "sessions", "--db", src))[0]
			file := filepath.Join(t.TempDir(), "export.jsonl")
			if err := os.WriteFile(file, []byte(mustRun(t, env, "", "log", "export", "--db", src)), 0o600); err != nil {
				t.Fatal(err)
			}
			dst := to.db(t)
			mustRun(t, env, "", "log", "import", "--db", dst, file)
			if got := strings.TrimSpace(mustRun(t, env, imageForm, "--db", dst, "--session", id)); got != wantImage {
				t.Errorf("resumed in %s: %s\nwant %s", to.name, got, wantImage)
			}
		})
	}
}

// A head move's answer says what it evaluated again: a definition made
// inside a let is a closure, with no state text.
func TestMoveSaysWhatRanAgain(t *testing.T) {
	out := mustRun(t, testEnv(t), "(let ((n 0)) (defun counter () (incf n)))\n(counter)\n(+ 1 2)\n/undo\n(counter)\n", "--db", filepath.Join(t.TempDir(), "log.db"))
	want := "  image: counter defined inside a let: its whole form was evaluated again (a closure has no state text, so what it closes over starts afresh)\n1\n"
	if !strings.HasSuffix(out, want) {
		t.Errorf("output ends\n%s\nwant\n%s", out, want)
	}
}
