package session

import (
	"context"
	"errors"
	"path"
	"path/filepath"
	"strings"

	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// The file functions of Common Lisp beside open and close, over the same
// confined working directory: probe-file, file-length, file-position,
// rename-file, ensure-directories-exist, directory, and
// *default-pathname-defaults* (the working directory's pathname), truename,
// file-write-date and file-author. They take pathname designators
// (files_pathnames.go) and return truenames, absolute pathnames within the
// working directory, as SBCL does.

func (s *Session) installFileOps(it *interp.Interpreter) {
	if d, err := s.fileDir(); err == nil {
		it.Evaluator().SetGlobal("*default-pathname-defaults*", workdirPathname(d))
	}
	it.Define("probe-file", "(pathspec)", "Returns the truename of the file PATHSPEC names (an absolute pathname within the working directory, ending in / for a directory) when it exists; nil otherwise.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name pathArg
			unpack.Args("probe-file", args, "pathspec", &name)
			name = s.file(ctx, "probe-file", name)
			if p, ok := s.probe("probe-file", name); ok {
				return p, nil
			}
			return lisp.Nil, nil
		})
	it.Define("truename", "(filespec)", "Returns the truename of the file FILESPEC names, an absolute pathname within the working directory; a file-error when there is none.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name pathArg
			unpack.Args("truename", args, "filespec", &name)
			name = s.file(ctx, "truename", name)
			if p, ok := s.probe("truename", name); ok {
				return p, nil
			}
			fileError("truename", &files.Error{Path: name.Name, Problem: "does not exist"})
			return nil, nil
		})
	it.Define("file-write-date", "(pathspec)", "Returns when the file PATHSPEC names was last written, as a universal time; nil when there is no such file.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name pathArg
			unpack.Args("file-write-date", args, "pathspec", &name)
			name = s.file(ctx, "file-write-date", name)
			when, ok, err := s.mustFileDir("file-write-date").ModTime(name.Name)
			if err != nil {
				fileError("file-write-date", err)
			}
			if !ok {
				fileError("file-write-date", &files.Error{Path: name.Name, Problem: "does not exist"})
			}
			return lisp.MakeInt(when.Unix() + unixToUniversal), nil
		})
	it.Define("file-author", "(pathspec)", "Returns nil: the author of a file in the working directory is not known (SBCL gives its owner's login name).",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name pathArg
			unpack.Args("file-author", args, "pathspec", &name)
			name = s.file(ctx, "file-author", name)
			if _, ok := s.probe("file-author", name); !ok {
				fileError("file-author", &files.Error{Path: name.Name, Problem: "does not exist"})
			}
			return lisp.Nil, nil
		})
	it.Define("file-length", "(stream)", "Returns the length in bytes of the file an input stream reads, or of what an output file stream holds so far.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			var stream lisp.Value
			unpack.Args("file-length", args, "stream", &stream)
			switch x := stream.(type) {
			case *lisp.InputStream:
				return lisp.MakeInt(int64(x.End - x.Start)), nil
			case *lisp.Stream:
				if o, ok := s.outputs[x]; ok {
					return lisp.MakeInt(int64(len(o.text(peekString(x))))), nil
				}
			}
			lisp.TypeError("file-length", stream, "a file stream")
			return nil, nil
		})
	it.Define("file-position", "(stream &optional position)",
		"Returns the byte offset of an input stream, or of the end of what an output file stream holds; with POSITION (a number, :start or :end), moves an input stream there and returns t.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			var stream, pos lisp.Value
			unpack.Args("file-position", args, "stream", &stream, "&optional", "position", &pos)
			switch x := stream.(type) {
			case *lisp.InputStream:
				if pos == nil {
					return lisp.MakeInt(int64(x.Position())), nil
				}
				if !x.Seek(pos) {
					lisp.TypeError("file-position", pos, "a position within the stream (a byte offset, :start or :end)")
				}
				return lisp.MakeInt(int64(x.Position())), nil
			case *lisp.Stream:
				if o, ok := s.outputs[x]; ok && pos == nil {
					written := peekString(x)
					if o.overwrite {
						return lisp.MakeInt(int64(len(written))), nil
					}
					return lisp.MakeInt(int64(len(o.prefix) + len(written))), nil
				}
				if pos != nil {
					lisp.Errorf("file-position: an output stream cannot be moved (it is written from start to end)")
				}
				return lisp.Nil, nil
			case *lisp.CompositeStream:
				if x.Kind == lisp.Broadcast && len(x.Parts) == 0 && pos == nil {
					return lisp.MakeInt(0), nil // CLHS make-broadcast-stream
				}
				return lisp.Nil, nil
			}
			lisp.TypeError("file-position", stream, "a stream")
			return nil, nil
		})
	it.Define("rename-file", "(filespec new-name)",
		"Renames the file FILESPEC names to NEW-NAME merged with its truename (so a relative NEW-NAME is in the same directory, and takes its type when it has none), replacing a file there; returns the new name, the old truename and the new truename. Undo puts both back.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var from, to pathArg
			unpack.Args("rename-file", args, "filespec", &from, "new-name", &to)
			from = s.file(ctx, "rename-file", from)
			// The new name is merged with the old file's truename, as
			// the standard has it: "c" renames sub/a.lisp to sub/c.lisp.
			d := s.mustFileDir("rename-file")
			fromRel, err := d.Rel(from.Name)
			if err != nil {
				fileError("rename-file", err)
			}
			old := truename(d, fromRel, false)
			target := lisp.MergePathnames(to.pathname(), old, lisp.Nil)
			var defaulted lisp.Value = target
			if named, ok := interp.Call(ctx, "pathname", to.Given).(*lisp.Pathname); ok && named.Logical {
				// A logical new name is merged with the logical name
				// given, and is the first value; the file is where
				// that translates to.
				defaulted = interp.Call(ctx, "merge-pathnames", named, from.Given)
				target = lisp.ParseNamestring(s.file(ctx, "rename-file", pathArg{Name: to.Name, Given: defaulted}).Name)
			}
			rel, err := d.Rel(target.NativeNamestring())
			var fe *files.Error
			if errors.As(err, &fe) {
				// Named as the program gave it, not as merged.
				err = &files.Error{Path: to.Name, Problem: fe.Problem, Err: fe.Err}
			}
			if err != nil {
				fileError("rename-file", err)
			}
			text, exists, err := d.State(from.Name)
			if err != nil {
				fileError("rename-file", err)
			}
			if !exists {
				fileError("rename-file", &files.Error{Path: from.Name, Problem: "does not exist"})
			}
			// Two changes of the running turn, the new file first: undo
			// restores both, and a failure before the second leaves the
			// old file where it was.
			s.changeFile(ctx, "rename-file", rel, func(*string) *string { return &text })
			if fromRel != rel {
				s.changeFile(ctx, "rename-file", from.Name, func(*string) *string { return nil })
			}
			return interp.Values(ctx, defaulted, old, truename(d, rel, false)), nil
		})
	it.Define("ensure-directories-exist", "(pathspec &key verbose)",
		"Creates the directories of PATHSPEC (everything up to its last /) that are missing; returns PATHSPEC and whether it created any. Undo does not remove them.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name pathArg
			unpack.Args("ensure-directories-exist", args, "pathspec", &name, "&key", "verbose", nil)
			name = s.file(ctx, "ensure-directories-exist", name)
			if replaying(ctx) {
				lisp.Errorf("ensure-directories-exist: files are not changed while definitions are replayed")
			}
			d := s.mustFileDir("ensure-directories-exist")
			created := false
			if dir := name.Name[:strings.LastIndex(name.Name, "/")+1]; dir != "" {
				var err error
				if created, err = d.MakeDirs(dir); err != nil {
					fileError("ensure-directories-exist", err)
				}
			}
			return interp.Values(ctx, name.Given, lisp.Bool(created)), nil
		})
	it.Define("directory", "(pathspec &key)",
		"Returns the truenames of the files and directories of one directory whose names match PATHSPEC (* and ? in the last part, as in \"src/*.lisp\"), sorted.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var pattern pathArg
			// The keyword arguments are the implementation's own (SBCL's
			// :resolve-symlinks); nodelisp has none to read.
			if len(args) > 1 && len(args)%2 == 0 {
				lisp.SignalClass(lisp.ClassProgramError, "directory: odd number of keyword arguments")
			}
			unpack.Args("directory", args[:1], "pathspec", &pattern)
			pattern = s.merged(ctx, pattern)
			d := s.mustFileDir("directory")
			dir, glob := path.Split(pattern.Name)
			if strings.ContainsAny(dir, "*?[") {
				fileError("directory", &files.Error{Path: pattern.Name, Problem: "has a wildcard before its last part: wildcards are supported in the last part of the path only"})
			}
			if dir != "" {
				if _, err := d.Rel(dir); err != nil {
					fileError("directory", err)
				}
			}
			if glob == "" {
				return lisp.Nil, nil // "dir/" names the directory itself, not its entries
			}
			names, err := d.List(dir)
			if err != nil {
				fileError("directory", err)
			}
			var b lisp.ListBuilder
			for _, n := range names {
				isDir := strings.HasSuffix(n, "/")
				base := path.Base(strings.TrimSuffix(n, "/"))
				if ok, err := filepath.Match(glob, base); err != nil {
					lisp.Errorf("directory: %s: %v", pattern.Name, err)
				} else if ok {
					rel, err := d.Rel(strings.TrimSuffix(n, "/"))
					if err != nil {
						fileError("directory", err)
					}
					b.Add(truename(d, rel, isDir))
				}
			}
			return b.List(), nil
		})
}

// unixToUniversal is the universal time of the Unix epoch (1970-01-01).
const unixToUniversal = 2208988800

// probe is the truename of the file name names, and whether it exists.
func (s *Session) probe(op string, name pathArg) (*lisp.Pathname, bool) {
	d := s.mustFileDir(op)
	rel, err := d.Rel(name.Name)
	if err != nil {
		fileError(op, err)
	}
	_, exists, err := d.State(name.Name)
	switch {
	case errors.Is(err, files.ErrIsDir):
		// A directory is there: SBCL gives its truename, which ends in a
		// slash however it was named.
		return truename(d, rel, true), true
	case errors.Is(err, files.ErrNotText) || errors.Is(err, files.ErrTooLarge):
		// There, though it cannot be read as text (a FIFO, binary
		// bytes, over the limit): it exists, and opening it says why it
		// cannot be read.
		return truename(d, rel, false), true
	case err != nil || !exists:
		return nil, false
	}
	return truename(d, rel, false), true
}

// peekString is what an output string stream holds, left in it.
func peekString(x *lisp.Stream) string {
	text := x.TakeString()
	x.WriteString(text)
	return text
}
