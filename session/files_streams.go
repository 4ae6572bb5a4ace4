package session

import (
	"context"

	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// Common Lisp's file streams over the file verbs' working directory: open,
// close, probe-file and file-length (with-open-file is a macro of the
// library over open and close). A path is confined as the verbs' are. An
// input stream reads the file's text as it was when opened. An output
// stream collects what is written, and close puts the file with
// changeFile, the verbs' one recording path: every write is a file change
// the log records and undo puts back. A stream closed with :abort t (as
// with-open-file closes it when its body is left by an error) changes
// nothing; one never closed changes nothing either.

// openOutput is an output file stream not yet closed.
type openOutput struct {
	name   string // the path as the program gave it
	prefix string // the text kept before what is written (:if-exists :append)
}

var (
	kwInput  = lisp.Intern("INPUT")
	kwOutput = lisp.Intern("OUTPUT")
	kwProbe  = lisp.Intern("PROBE")
	kwError  = lisp.Intern("ERROR")
)

// keywordOption is an option given as a keyword (or nil), read as the
// symbol of the same name, so that :input and input compare alike.
type keywordOption struct {
	set bool
	sym *lisp.Symbol
}

func (k *keywordOption) UnpackLisp(v lisp.Value) error {
	s, ok := v.(*lisp.Symbol)
	if !ok {
		return &unpack.Mismatch{Want: "a keyword", Type: lisp.Intern("KEYWORD")}
	}
	k.set, k.sym = true, lisp.Intern(s.Name)
	return nil
}

func (s *Session) installFileStreams(it *interp.Interpreter) {
	if s.opts.Workdir == "" {
		return
	}
	outputs := map[*lisp.Stream]*openOutput{}
	it.Define("open", "(path &key direction if-exists if-does-not-exist element-type external-format)",
		"Opens the file at PATH, relative to the working directory, as a character stream; :direction :input (the default), :output or :probe.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			var name string
			var direction, ifExists, ifMissing keywordOption
			// Only characters in UTF-8 are read and written, so the element
			// type and the external format are accepted and not consulted.
			unpack.Args("open", args, "path", &name, "&key", "direction", &direction, "if-exists", &ifExists,
				"if-does-not-exist", &ifMissing, "element-type", nil, "external-format", nil)
			d := s.mustFileDir("open")
			text, exists, err := d.State(name)
			if err != nil {
				fileError("open", err)
			}
			dir := kwInput
			if direction.set {
				dir = direction.sym
			}
			switch dir {
			case kwInput, kwProbe:
				if !exists {
					if ifMissing.set && ifMissing.sym == lisp.Intern("NIL") {
						return lisp.Nil, nil
					}
					fileError("open", &files.Error{Path: name, Problem: "does not exist"})
				}
				in := lisp.NewStringInputStream(text, 0, len(text))
				in.Closed = dir == kwProbe
				return in, nil
			case kwOutput:
			default:
				lisp.Errorf("open: the direction %s is not supported (nodelisp opens files for :input, :output or :probe)", lisp.Prin1ToString(direction.sym))
			}
			o := &openOutput{name: name}
			if exists {
				mode := kwError
				if ifExists.set {
					mode = ifExists.sym
				}
				switch mode.Name {
				case "ERROR":
					fileError("open", &files.Error{Path: name, Problem: "already exists (give :if-exists :supersede or :append)"})
				case "NIL":
					return lisp.Nil, nil
				case "APPEND":
					o.prefix = text
				case "SUPERSEDE", "NEW-VERSION", "RENAME", "RENAME-AND-DELETE", "OVERWRITE":
				default:
					lisp.Errorf("open: unknown :if-exists %s", lisp.Prin1ToString(mode))
				}
			} else if ifMissing.set {
				switch ifMissing.sym.Name {
				case "ERROR":
					fileError("open", &files.Error{Path: name, Problem: "does not exist"})
				case "NIL":
					return lisp.Nil, nil
				case "CREATE":
				default:
					lisp.Errorf("open: unknown :if-does-not-exist %s", lisp.Prin1ToString(ifMissing.sym))
				}
			}
			if _, err := d.Rel(name); err != nil {
				fileError("open", err)
			}
			out := lisp.NewStringStream()
			outputs[out] = o
			return out, nil
		})
	it.Define("close", "(stream &key abort)",
		"Closes a stream; closing an output file stream writes the file (a file change undo puts back) unless :abort is true. Returns t.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var abort bool
			var stream lisp.Value
			unpack.Args("close", args, "stream", &stream, "&key", "abort", &abort)
			switch x := stream.(type) {
			case *lisp.InputStream:
				x.Closed = true
			case *lisp.Stream:
				o, ok := outputs[x]
				if !ok {
					break
				}
				delete(outputs, x)
				if abort {
					break
				}
				text := o.prefix + x.TakeString()
				s.changeFile(ctx, "close", o.name, func(*string) *string { return &text })
			default:
				lisp.TypeError("close", stream, "a stream")
			}
			return lisp.T, nil
		})
	it.Define("probe-file", "(path)", "Returns the path, relative to the working directory, when a file is there; nil otherwise.",
		func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
			var name string
			unpack.Args("probe-file", args, "path", &name)
			d := s.mustFileDir("probe-file")
			rel, err := d.Rel(name)
			if err != nil {
				fileError("probe-file", err)
			}
			if _, exists, err := d.State(name); err != nil || !exists {
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
				return lisp.MakeInt(int64(len(x.S))), nil
			case *lisp.Stream:
				if o, ok := outputs[x]; ok {
					text := x.TakeString()
					x.WriteString(text)
					return lisp.MakeInt(int64(len(o.prefix) + len(text))), nil
				}
			}
			lisp.TypeError("file-length", stream, "a file stream")
			return nil, nil
		})
}
