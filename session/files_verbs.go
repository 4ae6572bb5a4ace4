package session

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// installFiles defines the file verbs of docs/files.md when the host gave the
// session a working directory; the bare interpreter has none.
func (s *Session) installFiles(it *interp.Interpreter) {
	if s.opts.Workdir == "" {
		return
	}
	it.Define("read-file", "(path)", "Returns the text of the file at PATH, relative to the working directory.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			var arg pathArg
			unpack.Form("read-file", args, "path", &arg)
			name := arg.Name
			if path, _, ok := s.contextTarget(name); ok {
				return readContextTarget("read-file", path), nil
			}
			text, err := s.mustFileDir("read-file").Read(name)
			if err != nil {
				fileError("read-file", err)
			}
			return &lisp.String{S: text}, nil
		})
	it.Define("write-file", "(path text)", "Replaces the file at PATH with TEXT, creating it if need be; returns the path. Undo restores it.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name pathArg
			var text string
			unpack.Form("write-file", args, "path", &name, "text", &text)
			return s.changeFile(ctx, "write-file", name.Name, func(*string) *string { return &text }), nil
		})
	it.Define("edit-file", "(path old new)", "Replaces the one occurrence of OLD in the file at PATH with NEW; returns the path. Undo restores it.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var arg pathArg
			var old, repl string
			unpack.Form("edit-file", args, "path", &arg, "old", &old, "new", &repl)
			name := arg.Name
			if old == "" {
				lisp.Errorf("edit-file: the old text is empty")
			}
			return s.changeFile(ctx, "edit-file", name, func(before *string) *string {
				if before == nil {
					fileError("edit-file", &files.Error{Path: name, Problem: "does not exist"})
				}
				if n := occurrences(*before, old); n != 1 {
					found := "no occurrence"
					if n > 1 {
						found = strconv.Itoa(n) + " occurrences"
					}
					lisp.Errorf("edit-file: found %s of the old text in %s; it must occur exactly once", found, name)
				}
				after := strings.Replace(*before, old, repl, 1)
				return &after
			}), nil
		})
	it.Define("delete-file", "(filespec)", "Deletes the file FILESPEC names (a pathname or a namestring); returns t. Undo restores it.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name pathArg
			unpack.Args("delete-file", args, "filespec", &name)
			name = s.file(ctx, "delete-file", name)
			s.changeFile(ctx, "delete-file", name.Name, func(before *string) *string {
				if before == nil {
					fileError("delete-file", &files.Error{Path: name.Name, Problem: "does not exist"})
				}
				return nil
			})
			return lisp.T, nil
		})
	it.Define("list-files", "(&optional dir)", "Lists the entries of DIR (default the working directory) as paths relative to it; directories end in /.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			var dir optionalPath
			unpack.Form("list-files", args, "&optional", "dir", &dir)
			names, err := s.mustFileDir("list-files").List(string(dir))
			if err != nil {
				fileError("list-files", err)
			}
			var b lisp.ListBuilder
			for _, n := range names {
				b.Add(&lisp.String{S: n})
			}
			return b.List(), nil
		})
}

// optionalPath is a path that nil leaves out: list-files' directory.
type optionalPath string

func (p *optionalPath) UnpackLisp(v lisp.Value) error {
	switch x := v.(type) {
	case *lisp.String:
		*p = optionalPath(x.S)
		return nil
	case *lisp.Symbol:
		if x == lisp.Nil {
			return nil
		}
	}
	return &unpack.Mismatch{Want: "a string", Type: lisp.Intern("STRING")}
}

// changeFile makes one change to file name and records it: it reads the
// contents before, asks change for the contents after (nil removes the
// file), and puts them with putRecorded, the file change event of the
// running turn leading the disk. It returns the path as recorded.
func (s *Session) changeFile(ctx context.Context, op, name string, change func(before *string) *string) lisp.Value {
	if replaying(ctx) {
		lisp.Errorf("%s: files are not changed while definitions are replayed", op)
	}
	if s.tree.head == 0 {
		lisp.Errorf("%s: no running turn to record the change in", op)
	}
	if path, writable, ok := s.contextTarget(name); ok {
		return changeContextTarget(op, path, writable, change)
	}
	d := s.mustFileDir(op)
	rel, err := d.Rel(name)
	if err != nil {
		fileError(op, err)
	}
	text, ok, err := d.State(rel)
	if err != nil {
		fileError(op, err)
	}
	before := fileContent(text, ok)
	after := change(before)
	if sameText(before, after) {
		return &lisp.String{S: rel}
	}
	if err := s.putRecorded(ctx, d, rel, s.tree.head, event.FileChange{Path: rel, Before: before, After: after}); err != nil {
		var ue *unrecordedError
		if errors.As(err, &ue) {
			lisp.Errorf("%s: %s: %v", op, rel, err)
		}
		fileError(op, err)
	}
	return &lisp.String{S: rel}
}

func (s *Session) mustFileDir(op string) *files.Dir {
	d, err := s.fileDir()
	if err != nil {
		lisp.SignalClass(lisp.ClassFileError, "%s: %v", op, err)
	}
	return d
}

// fileError signals a FILE-ERROR whose message is op's and err's; its
// pathname (file-error-pathname) is the path the error names.
func fileError(op string, err error) {
	c := &lisp.Condition{Class: lisp.ClassFileError, Message: op + ": " + err.Error()}
	var fe *files.Error
	if errors.As(err, &fe) {
		c.Name = lisp.NewString(fe.Path)
	}
	lisp.Signal(c)
}

// occurrences counts the places old starts in text, overlapping ones too:
// "aa" occurs twice in "aaa", and an edit there would be ambiguous.
func occurrences(text, old string) int {
	n := 0
	for i := 0; ; {
		j := strings.Index(text[i:], old)
		if j < 0 {
			return n
		}
		n++
		i += j + 1
	}
}
