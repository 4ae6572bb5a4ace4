package session

import (
	"errors"
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/lisp"
)

// installFiles defines the file verbs of SPEC §4 when the host gave the
// session a working directory; the bare interpreter has none.
func (s *Session) installFiles(image *eval.Interp) {
	if s.opts.Workdir == "" {
		return
	}
	image.Define(&eval.Builtin{
		Name: "read-file", Args: "(path)", Min: 1, Max: 1,
		Doc: "Returns the text of the file at PATH, relative to the working directory.",
		Fn: func(_ *eval.Thread, args []lisp.Value) lisp.Value {
			if path, _, ok := s.contextTarget(strArg("read-file", args[0])); ok {
				return readContextTarget("read-file", path)
			}
			d := s.mustFileDir("read-file")
			text, err := d.Read(strArg("read-file", args[0]))
			if err != nil {
				fileError("read-file", err)
			}
			return &lisp.String{S: text}
		},
	})
	image.Define(&eval.Builtin{
		Name: "write-file", Args: "(path text)", Min: 2, Max: 2,
		Doc: "Replaces the file at PATH with TEXT, creating it if need be; returns the path. Undo restores it.",
		Fn: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			text := strArg("write-file", args[1])
			return s.changeFile(t, "write-file", strArg("write-file", args[0]), func(*string) *string { return &text })
		},
	})
	image.Define(&eval.Builtin{
		Name: "edit-file", Args: "(path old new)", Min: 3, Max: 3,
		Doc: "Replaces the one occurrence of OLD in the file at PATH with NEW; returns the path. Undo restores it.",
		Fn: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			name := strArg("edit-file", args[0])
			old, repl := strArg("edit-file", args[1]), strArg("edit-file", args[2])
			if old == "" {
				lisp.Errorf("edit-file: the old text is empty")
			}
			return s.changeFile(t, "edit-file", name, func(before *string) *string {
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
			})
		},
	})
	image.Define(&eval.Builtin{
		Name: "delete-file", Args: "(path)", Min: 1, Max: 1,
		Doc: "Deletes the file at PATH; returns t. Undo restores it.",
		Fn: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			name := strArg("delete-file", args[0])
			s.changeFile(t, "delete-file", name, func(before *string) *string {
				if before == nil {
					fileError("delete-file", &files.Error{Path: name, Problem: "does not exist"})
				}
				return nil
			})
			return lisp.T
		},
	})
	image.Define(&eval.Builtin{
		Name: "list-files", Args: "(&optional dir)", Min: 0, Max: 1,
		Doc: "Lists the entries of DIR (default the working directory) as paths relative to it; directories end in /.",
		Fn: func(_ *eval.Thread, args []lisp.Value) lisp.Value {
			dir := ""
			if len(args) == 1 && args[0] != lisp.Nil {
				dir = strArg("list-files", args[0])
			}
			names, err := s.mustFileDir("list-files").List(dir)
			if err != nil {
				fileError("list-files", err)
			}
			var b lisp.ListBuilder
			for _, n := range names {
				b.Add(&lisp.String{S: n})
			}
			return b.List()
		},
	})
}

// changeFile makes one change to file name and records it: it reads the
// contents before, asks change for the contents after (nil removes the
// file), and puts them with putRecorded, the file change event of the
// running turn leading the disk. It returns the path as recorded.
func (s *Session) changeFile(t *eval.Thread, op, name string, change func(before *string) *string) lisp.Value {
	ctx := t.Context()
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
	before := state(text, ok)
	after := change(before)
	if sameText(before, after) {
		return &lisp.String{S: rel}
	}
	if err := s.putRecorded(ctx, d, rel, s.tree.head, fileChangePayload{Path: rel, Before: before, After: after}); err != nil {
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

// fileError signals a FILE-ERROR whose message is op's and err's.
func fileError(op string, err error) {
	lisp.SignalClass(lisp.ClassFileError, "%s: %v", op, err)
}

// strArg is a path or text argument, which must be a string.
func strArg(op string, v lisp.Value) string {
	s, ok := v.(*lisp.String)
	if !ok {
		lisp.TypeError(op, v, "a string")
	}
	return s.S
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
