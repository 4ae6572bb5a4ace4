package session

import (
	"context"
	"path"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/files"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// Common Lisp's file streams over the file verbs' working directory: open
// and close (with-open-file and with-open-stream are macros of the library
// over them). A path is confined as the verbs' are. An input stream reads
// the file's text as it was when opened. An output stream collects what is
// written, and close puts the file with changeFile, the verbs' one
// recording path: every write is a file change the log records and undo
// puts back. A stream closed with :abort t (as with-open-file closes it
// when its body is left by an error) changes nothing, and so does one the
// cell never closed: the cell's end discards it (discardOpenOutputs).

// openOutput is an output file stream not yet closed.
type openOutput struct {
	name   string // the path as the program gave it
	prefix string // the file's text when opened, for :append and :overwrite
	// overwrite: what is written replaces the start of prefix rather than
	// following it.
	overwrite bool
}

// text is the file's contents after written was written to the stream.
func (o *openOutput) text(written string) string {
	if !o.overwrite {
		return o.prefix + written
	}
	if len(written) >= len(o.prefix) {
		return written
	}
	rest := len(written)
	for rest < len(o.prefix) && !utf8.RuneStart(o.prefix[rest]) {
		rest++ // never keep half a character of the old text
	}
	return written + o.prefix[rest:]
}

var (
	kwInput  = lisp.Intern("INPUT")
	kwOutput = lisp.Intern("OUTPUT")
	kwProbe  = lisp.Intern("PROBE")
	kwIO     = lisp.Intern("IO")
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

// elementType is open's :element-type: characters (character and its
// subtypes) or bytes ((unsigned-byte 8)); any other type is refused by
// name. A binary stream reads and writes the file's bytes, which are
// still text in UTF-8 (docs/files.md): a close whose bytes are not is
// refused as a write of such text would be.
type elementType struct{ binary bool }

func (e *elementType) UnpackLisp(v lisp.Value) error {
	switch s := v.(type) {
	case *lisp.Symbol:
		switch s.Name {
		case "CHARACTER", "BASE-CHAR", "STANDARD-CHAR", "DEFAULT":
			return nil
		}
	case *lisp.Cons:
		if lisp.Equal(v, lisp.List(lisp.Sym("unsigned-byte"), lisp.MakeInt(8))) {
			e.binary = true
			return nil
		}
	}
	lisp.Errorf("open: the element type %s is not supported: file streams are of characters or of (unsigned-byte 8)", lisp.Prin1ToString(v))
	return nil
}

// discardOpenOutputs ends the output file streams a cell left open: what
// they hold is dropped and nothing is written, as after close :abort t.
// The cell's end (normal, an error, a timeout, a cancel) calls it, so a
// write is recorded only by a close the program made.
func (s *Session) discardOpenOutputs() {
	for out := range s.outputs {
		out.TakeString()
		out.Closed = true
		delete(s.outputs, out)
	}
}

func (s *Session) installFileStreams(it *interp.Interpreter) {
	if s.opts.Workdir == "" {
		return
	}
	s.outputs = map[*lisp.Stream]*openOutput{}
	it.Define("open", "(path &key direction if-exists if-does-not-exist element-type external-format)",
		"Opens the file at PATH, relative to the working directory, as a character stream; :direction :input (the default), :output or :probe.",
		func(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
			var name pathArg
			var direction, ifExists, ifMissing keywordOption
			var element elementType
			// Only UTF-8 is read and written, so the external format is
			// accepted and not consulted.
			unpack.Args("open", args, "path", &name, "&key", "direction", &direction, "if-exists", &ifExists,
				"if-does-not-exist", &ifMissing, "element-type", &element, "external-format", nil)
			name = s.file(ctx, "open", name)
			v := s.open(ctx, name.Name, direction, ifExists, ifMissing)
			// The stream's pathname is the file's absolute name, as the
			// name merged with the defaults is in SBCL: it names the same
			// file whatever the defaults are later.
			file := name.Name
			if d, err := s.fileDir(); err == nil {
				if rel, err := d.Rel(name.Name); err == nil {
					file = path.Join(d.Path(), rel)
				}
			}
			// Opened by a logical name, the stream's pathname is that
			// name, as SBCL keeps it.
			logical, _ := interp.Call(ctx, "pathname", name.Given).(*lisp.Pathname)
			if logical != nil && logical.Logical {
				// Merged with the defaults, as open merges its name:
				// the version becomes :newest.
				logical, _ = interp.Call(ctx, "merge-pathnames", logical).(*lisp.Pathname)
			}
			if logical != nil && !logical.Logical {
				logical = nil
			}
			switch x := v.(type) {
			case *lisp.InputStream:
				x.File, x.Binary, x.Logical = file, element.binary, logical
			case *lisp.Stream:
				x.File, x.Binary, x.Logical = file, element.binary, logical
			}
			return v, nil
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
			case *lisp.CompositeStream:
				x.Closed = true // the streams it is made of stay open
			case *lisp.Stream:
				o, ok := s.outputs[x]
				if !ok {
					x.Closed = x.Closed || x.IsStringStream() // as the library's close
					break
				}
				delete(s.outputs, x)
				x.Closed = true
				if abort {
					x.TakeString()
					break
				}
				text := o.text(x.TakeString())
				s.changeFile(ctx, "close", o.name, func(*string) *string { return &text })
			default:
				lisp.TypeError("close", stream, "a stream")
			}
			return lisp.T, nil
		})
	s.installFileOps(it)
}

// open is (open name :direction … :if-exists … :if-does-not-exist …).
func (s *Session) open(ctx context.Context, name string, direction, ifExists, ifMissing keywordOption) lisp.Value {
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
			missing := kwError
			if ifMissing.set {
				missing = ifMissing.sym
			}
			switch missing.Name {
			case "NIL":
				return lisp.Nil
			case "CREATE":
				// The file is created empty, a change recorded as a
				// write-file's is, and the stream reads nothing.
				empty := ""
				s.changeFile(ctx, "open", name, func(*string) *string { return &empty })
			case "ERROR":
				fileError("open", &files.Error{Path: name, Problem: "does not exist"})
			default:
				lisp.Errorf("open: unknown :if-does-not-exist %s", lisp.Prin1ToString(missing))
			}
		}
		in := lisp.NewStringInputStream(text, 0, len(text))
		in.Closed = dir == kwProbe
		return in
	case kwOutput:
	case kwIO:
		lisp.Errorf("open: :direction :io is not supported (open the file for :input, then for :output)")
	default:
		lisp.Errorf("open: the direction %s is not supported (nodelisp opens files for :input, :output or :probe)", lisp.Prin1ToString(dir))
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
			return lisp.Nil
		case "APPEND":
			o.prefix = text
		case "SUPERSEDE", "NEW-VERSION", "RENAME", "RENAME-AND-DELETE":
			// A new file replaces the old; no backup is kept (undo is
			// what brings the old one back).
		case "OVERWRITE":
			// Written from the start over the old contents: what the
			// stream writes replaces that many characters.
			o.prefix = text
			o.overwrite = true
		default:
			lisp.Errorf("open: unknown :if-exists %s", lisp.Prin1ToString(mode))
		}
	} else if ifMissing.set {
		switch ifMissing.sym.Name {
		case "ERROR":
			fileError("open", &files.Error{Path: name, Problem: "does not exist"})
		case "NIL":
			return lisp.Nil
		case "CREATE":
		default:
			lisp.Errorf("open: unknown :if-does-not-exist %s", lisp.Prin1ToString(ifMissing.sym))
		}
	}
	if _, err := d.Rel(name); err != nil {
		fileError("open", err)
	}
	out := lisp.NewStringStream()
	// What the stream holds is bounded by the file's size cap, checked
	// as its buffer grows (the buffer is at most twice the cap): a loop
	// writing for ever ends with the cap's error, not the host's memory.
	limit := d.Limit()
	out.Reserve = func(bytes int64) {
		if n := bytes/2 + int64(len(o.prefix)); n > limit && !o.overwrite || bytes/2 > limit {
			fileError("write", &files.Error{Path: name, Problem: "would be over the " + files.Size(limit) + " limit", Err: files.ErrTooLarge})
		}
	}
	s.outputs[out] = o
	return out
}
