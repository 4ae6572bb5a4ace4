package session

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/nodelisp/nodelisp/lisp"
)

// The session's own context file and its receipt live in the home, not
// the working directory, yet the reference page has the agent edit the
// file with any file verb, and an agent over serve has no other way. So
// the verbs reach exactly these two files of the home besides the working
// directory: read-file reads both, write-file and edit-file write
// context.txt, and nothing else of the home (not context.pending.json, not
// delete-file). Their edits are the agent's context edit, taken at the
// next request; they are not file changes that undo would restore.

// contextTarget reports whether name (absolute, or relative to the working
// directory) is the session's context file or receipt, and which.
func (s *Session) contextTarget(name string) (path string, writable, ok bool) {
	p := name
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.opts.Workdir, p)
	}
	p = filepath.Clean(p)
	switch p {
	case filepath.Clean(s.contextFile()):
		return p, true, true
	case filepath.Clean(s.receiptFile()):
		return p, false, true
	}
	return "", false, false
}

// readContextTarget is read-file of the context file or receipt.
func readContextTarget(op, path string) lisp.Value {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		lisp.Errorf("%s: %s does not exist yet: (context) writes it", op, path)
	}
	if err != nil {
		lisp.Errorf("%s: %v", op, err)
	}
	return &lisp.String{S: string(b)}
}

// changeContextTarget is write-file or edit-file of the context file.
func changeContextTarget(op, path string, writable bool, change func(before *string) *string) lisp.Value {
	if !writable {
		lisp.Errorf("%s: %s is the receipt nodelisp writes; it can be read, not changed", op, path)
	}
	var before *string
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		text := string(b)
		before = &text
	case !errors.Is(err, fs.ErrNotExist):
		lisp.Errorf("%s: %v", op, err)
	}
	after := change(before)
	if after == nil {
		lisp.Errorf("%s: the context file is not deleted by the file verbs; (context :drop …) edits the window", op)
	}
	if err := writeContextFile(path, []byte(*after)); err != nil {
		lisp.Errorf("%s: %v", op, err)
	}
	return &lisp.String{S: path}
}
