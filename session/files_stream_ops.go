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
// *default-pathname-defaults* (the working directory). Pathnames are
// namestrings (builtins/pathnames.go), and the names these return are
// relative to the working directory, so each can be handed back to
// another verb; SBCL returns absolute truenames.

func (s *Session) installFileOps(it *interp.Interpreter) {
	it.Evaluator().SetGlobal("*default-pathname-defaults*", lisp.NewString(strings.TrimSuffix(s.opts.Workdir, "/")+"/"))
	it.Define("probe-file", "(path)", "Returns the path, relative to the working directory, when a file is there (ending in / for a directory); nil otherwise.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			var name string
			unpack.Args("probe-file", args, "path", &name)
			d := s.mustFileDir("probe-file")
			rel, err := d.Rel(name)
			if err != nil {
				fileError("probe-file", err)
			}
			_, exists, err := d.State(name)
			switch {
			case errors.Is(err, files.ErrIsDir):
				// A directory is there: SBCL gives its truename, which
				// ends in a slash however it was named.
				return &lisp.String{S: strings.TrimSuffix(rel, "/") + "/"}, nil
			case err != nil || !exists:
				return lisp.Nil, nil
			}
			return &lisp.String{S: rel}, nil
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
	it.Define("rename-file", "(path new-name)",
		"Renames the file at PATH to NEW-NAME (which takes PATH's type when it has none), replacing a file there; returns the new path. Undo puts both back.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var from, to string
			unpack.Args("rename-file", args, "path", &from, "new-name", &to)
			if path.Ext(path.Base(to)) == "" && path.Ext(path.Base(from)) != "" && !strings.HasSuffix(to, "/") {
				to += path.Ext(path.Base(from))
			}
			d := s.mustFileDir("rename-file")
			rel, err := d.Rel(to)
			if err != nil {
				fileError("rename-file", err)
			}
			text, exists, err := d.State(from)
			if err != nil {
				fileError("rename-file", err)
			}
			if !exists {
				fileError("rename-file", &files.Error{Path: from, Problem: "does not exist"})
			}
			// Two changes of the running turn, the new file first: undo
			// restores both, and a failure before the second leaves the
			// old file where it was.
			s.changeFile(ctx, "rename-file", rel, func(*string) *string { return &text })
			if fromRel, _ := d.Rel(from); fromRel != rel {
				s.changeFile(ctx, "rename-file", from, func(*string) *string { return nil })
			}
			return &lisp.String{S: rel}, nil
		})
	it.Define("ensure-directories-exist", "(path)",
		"Creates the directories of PATH (everything up to its last /) that are missing; returns PATH (one value: SBCL also returns whether it created any). Undo does not remove them.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name string
			unpack.Args("ensure-directories-exist", args, "path", &name)
			if replaying(ctx) {
				lisp.Errorf("ensure-directories-exist: files are not changed while definitions are replayed")
			}
			d := s.mustFileDir("ensure-directories-exist")
			if dir := name[:strings.LastIndex(name, "/")+1]; dir != "" {
				if _, err := d.MakeDirs(dir); err != nil {
					fileError("ensure-directories-exist", err)
				}
			}
			return lisp.NewString(name), nil
		})
	it.Define("directory", "(pattern)",
		"Lists the files and directories of one directory whose names match PATTERN (* and ? in the last part, as in \"src/*.lisp\"), as paths relative to the working directory, sorted.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			var pattern string
			unpack.Args("directory", args, "pattern", &pattern)
			dir, glob := path.Split(pattern)
			if strings.ContainsAny(dir, "*?[") {
				lisp.Errorf("directory: %s: wildcards are supported in the last part of the path only", pattern)
			}
			names, err := s.mustFileDir("directory").List(dir)
			if err != nil {
				fileError("directory", err)
			}
			var b lisp.ListBuilder
			for _, n := range names {
				base := path.Base(strings.TrimSuffix(n, "/"))
				if glob == "" {
					continue // "dir/" names the directory itself, not its entries
				}
				if ok, err := filepath.Match(glob, base); err != nil {
					lisp.Errorf("directory: %s: %v", pattern, err)
				} else if ok {
					b.Add(&lisp.String{S: n})
				}
			}
			return b.List(), nil
		})
}

// peekString is what an output string stream holds, left in it.
func peekString(x *lisp.Stream) string {
	text := x.TakeString()
	x.WriteString(text)
	return text
}
