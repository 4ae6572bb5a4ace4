package session_test

import (
	"context"
	"os"
	"path/filepath"
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
		if got := cell(t, s, `(list (enough-namestring (probe-file "notes/a.txt")) (probe-file "nope.txt") (open "nope.txt" :if-does-not-exist nil))`); got != `("notes/a.txt" nil nil)` {
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

// countFileChanges is the number of file change events of the session.
func countFileChanges(t *testing.T, st store.Store, id string) int {
	t.Helper()
	return len(fileEvents(t, st, id))
}

// A write through a stream, a delete-file and a rename-file are each put
// back by undo and made again by redo.
func TestFileStreamsUndoRedo(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "create"))
		cell(t, s, `(with-open-file (out "a.txt" :direction :output) (princ "v1" out))`)
		must[int64](t)(s.Input(ctx, "supersede"))
		cell(t, s, `(with-open-file (out "a.txt" :direction :output :if-exists :supersede)
		              (let ((*standard-output* out)) (princ "v2") (terpri)))`)
		wantFiles(t, dir, map[string]string{"a.txt": "v2\n"})
		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "v1"})
		mv, err = s.Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "v2\n"})

		must[int64](t)(s.Input(ctx, "delete"))
		cell(t, s, `(delete-file "a.txt")`)
		wantFiles(t, dir, map[string]string{})
		mv, err = s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "v2\n"})

		must[int64](t)(s.Input(ctx, "rename"))
		if got := cell(t, s, `(mapcar #'enough-namestring (multiple-value-list (rename-file "a.txt" "sub/b")))`); got != `("sub/b.txt" "a.txt" "sub/b.txt")` {
			t.Errorf("rename-file returned %s, want the new name with the old type", got)
		}
		wantFiles(t, dir, map[string]string{"sub/b.txt": "v2\n"})
		mv, err = s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored a.txt", "removed sub/b.txt")
		wantFiles(t, dir, map[string]string{"a.txt": "v2\n"})
		mv, err = s.Redo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "removed a.txt", "restored sub/b.txt")
		wantFiles(t, dir, map[string]string{"sub/b.txt": "v2\n"})
	})
}

// What must change nothing changes nothing and records nothing: a path
// outside the working directory, :abort t, a cell that errs in the middle
// of a write, and a stream the cell left open (the cell's end discards
// it, so a close in a later cell writes nothing).
func TestFileStreamsChangeNothing(t *testing.T) {
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
		if err := os.WriteFile(filepath.Join(dir, "keep.txt"), []byte("kept"), 0o644); err != nil {
			t.Fatal(err)
		}
		must[int64](t)(s.Input(ctx, "try"))
		for _, c := range []struct{ code, path string }{
			{`(open "../out.txt" :direction :output)`, "../out.txt"},
			{`(open "` + outside + `")`, outside},
			{`(open "link.txt" :direction :output :if-exists :supersede)`, "link.txt"},
			{`(rename-file "keep.txt" "../moved.txt")`, "../moved.txt"},
			{`(probe-file "../x")`, "../x"},
			{`(ensure-directories-exist "../made/x.txt")`, "../made/"},
		} {
			got := cell(t, s, `(handler-case `+c.code+` (file-error (e) (list (file-error-pathname e) (princ-to-string e))))`)
			if !strings.Contains(got, `("`+c.path+`" "`) || !strings.Contains(got, "is outside the working directory") {
				t.Errorf("%s: %s, want a file-error naming %s as outside the working directory", c.code, got, c.path)
			}
		}
		cell(t, s, `(with-open-file (out "keep.txt" :direction :output :if-exists :supersede) (write-string "gone" out) (close out :abort t))`)
		cellError(t, s, `(with-open-file (out "new.txt" :direction :output) (write-string "half" out) (error "stop"))`)
		cellError(t, s, `(progn (defvar *left* (open "keep.txt" :direction :output :if-exists :append)) (write-string "more" *left*) (error "stop"))`)
		cell(t, s, `(close *left*)`)
		cell(t, s, `(progn (setq *left* (open "new.txt" :direction :output)) (write-string "never closed" *left*))`)
		cell(t, s, `(close *left*)`)
		if got := cellError(t, s, `(write-string "after the close" *left*)`); !strings.Contains(got, "the stream is closed") {
			t.Errorf("writing to a closed file stream: %s", got)
		}
		wantFiles(t, dir, map[string]string{"keep.txt": "kept", "link.txt": "secret"})
		if b, err := os.ReadFile(outside); err != nil || string(b) != "secret" {
			t.Errorf("the file outside: %q, %v", b, err)
		}
		if n := countFileChanges(t, st, s.ID()); n != 0 {
			t.Errorf("%d file changes recorded, want none", n)
		}
	})
}

// A file stream is a stream of the language: the predicates know it,
// *standard-output* can be bound to it, and string streams are unchanged.
func TestFileStreamsAreStreams(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "streams"))
		got := cell(t, s, `(with-open-file (out "s.txt" :direction :output)
		  (list (streamp out) (output-stream-p out) (input-stream-p out)
		        (with-output-to-string (str) (let ((*standard-output* out)) (format t "to file~%") (write-string "x" str)))
		        (progn (format out "~a ~s~%" "fmt" "q") (print 'sym out) (fresh-line out) (write-char #\z out) (file-position out))))`)
		if got != `(t t nil "x" 23)` {
			t.Errorf("stream predicates: %s", got)
		}
		wantFiles(t, dir, map[string]string{"s.txt": "to file\nfmt \"q\"\n\nSYM \nz"})
		got = cell(t, s, `(with-open-file (in "s.txt")
		  (list (read-line in) (read in) (read in) (peek-char nil in) (read-char in) (file-position in)
		        (file-position in 0) (read-char in) (file-length in) (read-line in nil :eof)
		        (streamp in) (input-stream-p in)))`)
		// SBCL's answer, in a temporary directory: ("to file" FMT "q" #\Newline #\Newline 17 0 #\t 23 "o file" T T).
		if got != `("to file" fmt "q" #\Newline #\Newline 17 0 #\t 23 "o file" t t)` {
			t.Errorf("reading back: %s", got)
		}
	})
}

// A stream's text is bounded by the file size cap: a loop that writes for
// ever ends with the cap's error while writing, and close refuses a text
// over the cap as write-file does; neither changes the file.
func TestFileStreamsSizeCap(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 100)
		must[int64](t)(s.Input(ctx, "big"))
		got := cellError(t, s, `(with-open-file (out "big.txt" :direction :output) (loop (write-string "0123456789" out)))`)
		if !strings.Contains(got, "big.txt would be over the 100 B limit") {
			t.Errorf("writing for ever: %s", got)
		}
		got = cellError(t, s, `(with-open-file (out "big.txt" :direction :output) (write-string (make-string 101 :initial-element #\a) out))`)
		if !strings.Contains(got, "over the 100 B limit") {
			t.Errorf("closing over the cap: %s", got)
		}
		wantFiles(t, dir, map[string]string{})
		if n := countFileChanges(t, st, s.ID()); n != 0 {
			t.Errorf("%d file changes recorded, want none", n)
		}
	})
}

// ensure-directories-exist, directory and *default-pathname-defaults*
// work in the working directory; directories are not file changes.
func TestFileStreamsDirectories(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "dirs"))
		if got := cell(t, s, `(multiple-value-list (ensure-directories-exist "out/deep/report.txt"))`); got != `("out/deep/report.txt" t)` {
			t.Errorf("ensure-directories-exist: %s", got)
		}
		if info, err := os.Stat(filepath.Join(dir, "out", "deep")); err != nil || !info.IsDir() {
			t.Fatalf("out/deep was not made: %v", err)
		}
		cell(t, s, `(dolist (n '("out/a.lisp" "out/b.txt" "out/c.lisp")) (with-open-file (o n :direction :output) (write-line n o)))`)
		for code, want := range map[string]string{
			`(mapcar #'enough-namestring (directory "out/*.lisp"))`: `("out/a.lisp" "out/c.lisp")`,
			`(mapcar #'enough-namestring (directory "out/*"))`:      `("out/a.lisp" "out/b.txt" "out/c.lisp" "out/deep/")`,
			`(mapcar #'enough-namestring (directory "out/?.txt"))`:  `("out/b.txt")`,
			`(directory "*.none")`:                                  `nil`,
			`(string= (namestring *default-pathname-defaults*) (concatenate 'string (namestring "` + filepath.ToSlash(dir) + `") "/"))`: `t`,
		} {
			if got := cell(t, s, code); got != want {
				t.Errorf("%s = %s, want %s", code, got, want)
			}
		}
		if got := cell(t, s, `(mapcar (lambda (p) (and p (enough-namestring p))) (list (probe-file "out") (probe-file "out/deep/") (probe-file "out/none/")))`); got != `("out/" "out/deep/" nil)` {
			t.Errorf("probe-file of directories: %s", got)
		}
		if got := cellError(t, s, `(directory "*/x.lisp")`); !strings.Contains(got, "wildcards are supported in the last part of the path only") {
			t.Errorf("a wildcard directory: %s", got)
		}
		if n := countFileChanges(t, st, s.ID()); n != 3 {
			t.Errorf("%d file changes, want 3 (the files written, not the directories)", n)
		}
	})
}

// The file functions take pathname objects: a delete-file and a
// rename-file given pathnames are file changes undo puts back, and a
// pathname in a global survives the head move.
func TestFileFunctionsTakePathnames(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		s, dir := fileSession(t, st, 0)
		must[int64](t)(s.Input(ctx, "write"))
		cell(t, s, `(defvar *target* #p"notes/a.txt")`)
		cell(t, s, `(ensure-directories-exist *target*)`)
		cell(t, s, `(with-open-file (o *target* :direction :output) (write-line "one" o))`)
		wantFiles(t, dir, map[string]string{"notes/a.txt": "one\n"})
		if got := cell(t, s, `(read-file *target*)`); got != "\"one\n\"" {
			t.Errorf("read-file of a pathname: %s", got)
		}
		must[int64](t)(s.Input(ctx, "rename"))
		if got := cell(t, s, `(enough-namestring (rename-file *target* (make-pathname :name "b")))`); got != `"notes/b.txt"` {
			t.Errorf("rename-file of pathnames returned %s", got)
		}
		wantFiles(t, dir, map[string]string{"notes/b.txt": "one\n"})
		must[int64](t)(s.Input(ctx, "delete"))
		cell(t, s, `(delete-file (merge-pathnames #p"notes/b.txt"))`)
		wantFiles(t, dir, map[string]string{})
		mv, err := s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored notes/b.txt")
		wantFiles(t, dir, map[string]string{"notes/b.txt": "one\n"})
		mv, err = s.Undo(ctx, session.UndoOptions{})
		wantMove(t, mv, err, "restored notes/a.txt", "removed notes/b.txt")
		wantFiles(t, dir, map[string]string{"notes/a.txt": "one\n"})
		if got := cell(t, s, `(list *target* (eq *target* (pathname "notes/a.txt")))`); got != `(#p"notes/a.txt" t)` {
			t.Errorf("the global pathname after the head move: %s", got)
		}
	})
}
