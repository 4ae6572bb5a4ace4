package builtins

import (
	"strings"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// Input from strings: string input streams and the functions that read
// characters, lines and forms from them. A cell has no standard input of
// its own; *standard-input* may be bound to a string input stream, and
// reading from it unbound is an error that says so.

func registerInput() {
	defun("make-string-input-stream", "(string &optional start end)", "A stream that reads the characters of a string (between start and end).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := stringArg("make-string-input-stream", a[0])
		start, end := inBounds("make-string-input-stream", s, a[1:])
		return lisp.NewStringInputStream(s, start, end)
	})
	defun("%input-index", "(stream)", "The character index a string input stream has reached (for with-input-from-string's :index).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s, ok := a[0].(*lisp.InputStream)
		if !ok {
			lisp.TypeError("with-input-from-string", a[0], "a string input stream")
		}
		return lisp.MakeInt(int64(utf8.RuneCountInString(s.S[:s.Pos])))
	})
	defun("read-char", "(&optional stream eof-error-p eof-value recursive-p)", "Read the next character of an input stream.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := inStream(t, "read-char", a, 0)
		if r, ok := s.NextChar(); ok {
			return lisp.Char(r)
		}
		return inEOF("read-char", a, 1)
	})
	defun("read-char-no-hang", "(&optional stream eof-error-p eof-value recursive-p)", "Read the next character of an input stream (a string stream never waits).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := inStream(t, "read-char-no-hang", a, 0)
		if r, ok := s.NextChar(); ok {
			return lisp.Char(r)
		}
		return inEOF("read-char-no-hang", a, 1)
	})
	defun("unread-char", "(character &optional stream)", "Put back the character last read from the stream; return nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		c := charArg("unread-char", a[0])
		if !inStream(t, "unread-char", a, 1).UnreadChar(rune(c)) {
			lisp.Errorf("unread-char: %s is not the character last read from the stream", lisp.Prin1ToString(c))
		}
		return lisp.Nil
	})
	defun("peek-char", "(&optional peek-type stream eof-error-p eof-value recursive-p)", "Return the next character without reading it; peek-type t skips whitespace first, a character skips up to it.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		peekType := lisp.Value(lisp.Nil)
		if len(a) > 0 {
			peekType = a[0]
		}
		s := inStream(t, "peek-char", a, 1)
		for {
			r, ok := s.PeekChar()
			if !ok {
				return inEOF("peek-char", a, 2)
			}
			switch {
			case peekType == lisp.Value(lisp.Nil),
				peekType == lisp.Value(lisp.T) && !strIsSpace(r),
				peekType == lisp.Value(lisp.Char(r)):
				return lisp.Char(r)
			}
			if _, isChar := peekType.(lisp.Char); !isChar && peekType != lisp.Value(lisp.T) {
				lisp.TypeError("peek-char", peekType, "nil, t or a character")
			}
			s.NextChar()
		}
	})
	defun("read-line", "(&optional stream eof-error-p eof-value recursive-p)", "Read a line of an input stream; second value true when it ended without a newline.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		line, missingNewline, ok := readLine(t, inStream(t, "read-line", a, 0))
		if !ok {
			return t.Values(inEOF("read-line", a, 1), lisp.T)
		}
		return t.Values(lisp.NewString(line), lisp.Bool(missingNewline))
	})
	defun("read", "(&optional stream eof-error-p eof-value recursive-p)", "Read one form from an input stream, under *read-base* and *readtable*.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return readForm(t, "read", a, false)
	})
	defun("file-position", "(stream &optional position)", "The byte offset of an input stream; with POSITION (an offset, :start or :end), move the stream there and return t. A string output stream has no position (nil).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		switch s := a[0].(type) {
		case *lisp.InputStream:
			if len(a) == 1 {
				return lisp.MakeInt(int64(s.Position()))
			}
			if !s.Seek(a[1]) {
				lisp.TypeError("file-position", a[1], "a position within the stream (a byte offset, :start or :end)")
			}
			return lisp.MakeInt(int64(s.Position())) // true, and SBCL's answer
		case *lisp.Stream:
			if len(a) == 2 {
				lisp.Errorf("file-position: an output stream cannot be moved (it is written from start to end)")
			}
			return lisp.Nil
		case *lisp.CompositeStream:
			if len(a) == 2 {
				lisp.Errorf("file-position: a %s cannot be moved", strings.ToLower(s.ClassName()))
			}
			if s.Kind == lisp.Broadcast && len(s.Parts) == 0 {
				return lisp.MakeInt(0) // CLHS make-broadcast-stream
			}
			return lisp.Nil
		}
		lisp.TypeError("file-position", a[0], "a stream")
		return nil
	})
	defun("open-stream-p", "(stream)", "True unless the stream was closed (a string output stream stays open: closing one changes nothing).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		switch s := a[0].(type) {
		case *lisp.InputStream:
			return lisp.Bool(!s.Closed)
		case *lisp.Stream:
			return lisp.Bool(!s.Closed)
		case *lisp.CompositeStream:
			return lisp.Bool(!s.Closed)
		}
		lisp.TypeError("open-stream-p", a[0], "a stream")
		return nil
	})
	defun("listen", "(&optional stream)", "True if a character is available on the input stream.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, ok := inStream(t, "listen", a, 0).PeekChar()
		return lisp.Bool(ok)
	})
	defun("clear-input", "(&optional stream)", "Discard pending input (a string stream has none); return nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		inStream(t, "clear-input", a, 0)
		return lisp.Nil
	})
	defun("close", "(stream &key abort)", "Close a stream; reading a closed string input stream is an error. Closing a composite stream leaves the streams it is made of open. Returns t.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		unpack.Args("close", a[1:], "&key", "abort", nil)
		closeStream("close", a[0])
		return lisp.T
	})
	defun("streamp", "(object)", "True if the object is a stream.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.Bool(isStream(a[0]))
	})
	defun("input-stream-p", "(stream)", "True if the stream reads input.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if !isStream(a[0]) {
			lisp.TypeError("input-stream-p", a[0], "a stream")
		}
		return lisp.Bool(isInputStream(t, a[0]))
	})
	defun("output-stream-p", "(stream)", "True if the stream takes output.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		if !isStream(a[0]) {
			lisp.TypeError("output-stream-p", a[0], "a stream")
		}
		return lisp.Bool(isOutputStream(t, a[0]))
	})
	macro("with-input-from-string", "(with-input-from-string (var string &key start end index) body…) binds var to a stream reading the string; :index is set to where reading stopped.", expandWithInputFromString)
}

// closeStream is close of a stream that is not a host's file output
// stream (the host's close handles those).
func closeStream(op string, v lisp.Value) {
	switch s := v.(type) {
	case *lisp.InputStream:
		s.Closed = true
	case *lisp.CompositeStream:
		s.Closed = true
	case *lisp.Stream:
		// A string output stream closes as CL's does; the cell's own
		// output stays open (closing it would silence the cell).
		s.Closed = s.Closed || s.IsStringStream()
	default:
		lisp.TypeError(op, v, "a stream")
	}
}

// inBounds reads optional start and end character positions into byte
// offsets of s.
func inBounds(op string, s string, a []lisp.Value) (int, int) {
	n := utf8.RuneCountInString(s)
	start, end := 0, n
	if len(a) > 0 && a[0] != lisp.Value(lisp.Nil) {
		start = indexArg(op, a[0])
	}
	if len(a) > 1 && a[1] != lisp.Value(lisp.Nil) {
		end = indexArg(op, a[1])
	}
	if start > end || end > n {
		lisp.Errorf("%s: the bounds %d and %d do not fit a string of length %d", op, start, end, n)
	}
	return runeOffset(s, start), runeOffset(s, end)
}

// runeOffset is the byte offset of character i of s.
func runeOffset(s string, i int) int {
	for off := range s {
		if i == 0 {
			return off
		}
		i--
	}
	return len(s)
}

// inStream returns the input stream designated by the optional argument at
// index i: *standard-input* when absent, nil or t.
func inStream(t *eval.Thread, op string, a []lisp.Value, i int) charSource {
	if i >= len(a) {
		return inStreamArg(t, op, lisp.Nil)
	}
	return inStreamArg(t, op, a[i])
}

func inStreamArg(t *eval.Thread, op string, v lisp.Value) charSource {
	return inResolve(t, op, v, 0)
}

// inEOF is what a read at the end of a stream returns: an end-of-file
// error unless the eof-error-p argument at index i is nil, and then the
// eof-value after it.
func inEOF(op string, a []lisp.Value, i int) lisp.Value {
	if i >= len(a) || lisp.Truthy(a[i]) {
		var stream lisp.Value = lisp.Nil
		if i > 0 {
			stream = a[i-1]
		}
		lisp.Signal(&lisp.Condition{Class: lisp.ClassEndOfFile, Message: op + ": end of file on the stream",
			Slots: []lisp.Value{lisp.Sym("stream"), stream}})
	}
	if i+1 < len(a) {
		return a[i+1]
	}
	return lisp.Nil
}

func expandWithInputFromString(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "with-input-from-string"
	args := macroArgs(op, form, 1, -1)
	spec := listOf(op, "binding", args[0])
	if len(spec) < 2 {
		syntaxError(op, "expected (var string &key start end index)")
	}
	var start, end, index lisp.Value = lisp.Nil, lisp.Nil, nil
	unpack.Args(op, spec[2:], "&key", "start", &start, "end", &end, "index", &index)
	v := spec[0]
	decls, body := splitDeclarations(args[1:])
	mk := lisp.List(lisp.Sym("make-string-input-stream"), spec[1], start, end)
	inner := progn(body)
	if index != nil {
		inner = lisp.List(lisp.Sym("multiple-value-prog1"), inner,
			lisp.List(lisp.Sym("setf"), index, lisp.List(lisp.Sym("%input-index"), v)))
	}
	return letForm(sLet, []binding{{v, mk}}, append(decls, inner)...)
}

// afterEndingWhitespace is where reading stops after an object that
// ended at offset n of text: SBCL's read consumes the whitespace
// character that follows it (file-position shows it); the reader already
// takes the one ending a token, so this takes one after an object that
// ends itself, as a list or a string does.
func afterEndingWhitespace(text string, n int) int {
	if n > 0 && isReadWhitespace(text[n-1]) {
		return n
	}
	if n < len(text) && isReadWhitespace(text[n]) {
		return n + 1
	}
	return n
}

// readLine reads up to the next newline: the line, whether it ended
// without one, and false at the end of the stream.
func readLine(t *eval.Thread, s charSource) (string, bool, bool) {
	if in, ok := s.(*lisp.InputStream); ok {
		// A string stream's line is a slice of its text.
		if in.Pos >= in.End {
			return "", true, false
		}
		rest := in.Rest()
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			in.Pos += i + 1
			return rest[:i], false, true
		}
		in.Pos = in.End
		return rest, true, true
	}
	var b strings.Builder
	for n := 0; ; n++ {
		if n&1023 == 1023 {
			t.Poll()
		}
		r, ok := s.NextChar()
		switch {
		case !ok:
			return b.String(), true, n > 0
		case r == '\n':
			return b.String(), false, true
		}
		b.WriteRune(r)
	}
}

func isReadWhitespace(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', '\f':
		return true
	}
	return false
}
