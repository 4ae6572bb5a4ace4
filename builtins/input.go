package builtins

import (
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
		s := inStreamArg(t, "with-input-from-string", a[0])
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
		s := inStream(t, "read-line", a, 0)
		if s.Pos >= s.End {
			return t.Values(inEOF("read-line", a, 1), lisp.T)
		}
		rest := s.Rest()
		for i := 0; i < len(rest); i++ {
			if rest[i] == '\n' {
				s.Pos += i + 1
				return t.Values(lisp.NewString(rest[:i]), lisp.Nil)
			}
		}
		s.Pos = s.End
		return t.Values(lisp.NewString(rest), lisp.T)
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
		}
		lisp.TypeError("open-stream-p", a[0], "a stream")
		return nil
	})
	defun("listen", "(&optional stream)", "True if a character is available on the input stream.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.Bool(inStream(t, "listen", a, 0).Pos < inStream(t, "listen", a, 0).End)
	})
	defun("clear-input", "(&optional stream)", "Discard pending input (a string stream has none); return nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		inStream(t, "clear-input", a, 0)
		return lisp.Nil
	})
	defun("close", "(stream &key abort)", "Close a stream; reading a closed string input stream is an error. Returns t.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		unpack.Args("close", a[1:], "&key", "abort", nil)
		switch s := a[0].(type) {
		case *lisp.InputStream:
			s.Closed = true
		case *lisp.Stream:
		default:
			lisp.TypeError("close", a[0], "a stream")
		}
		return lisp.T
	})
	defun("streamp", "(object)", "True if the object is a stream.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, in := a[0].(*lisp.InputStream)
		_, out := a[0].(*lisp.Stream)
		return lisp.Bool(in || out)
	})
	defun("input-stream-p", "(stream)", "True if the stream reads input.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, in := a[0].(*lisp.InputStream)
		if _, out := a[0].(*lisp.Stream); !in && !out {
			lisp.TypeError("input-stream-p", a[0], "a stream")
		}
		return lisp.Bool(in)
	})
	defun("output-stream-p", "(stream)", "True if the stream takes output.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, out := a[0].(*lisp.Stream)
		if _, in := a[0].(*lisp.InputStream); !in && !out {
			lisp.TypeError("output-stream-p", a[0], "a stream")
		}
		return lisp.Bool(out)
	})
	macro("with-input-from-string", "(with-input-from-string (var string &key start end index) body…) binds var to a stream reading the string; :index is set to where reading stopped.", expandWithInputFromString)
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
func inStream(t *eval.Thread, op string, a []lisp.Value, i int) *lisp.InputStream {
	if i >= len(a) {
		return inStreamArg(t, op, lisp.Nil)
	}
	return inStreamArg(t, op, a[i])
}

func inStreamArg(t *eval.Thread, op string, v lisp.Value) *lisp.InputStream {
	if s, ok := v.(*lisp.InputStream); ok {
		if s.Closed {
			lisp.SignalClass(lisp.ClassStreamError, "%s: the stream is closed", op)
		}
		return s
	}
	if v == lisp.Value(lisp.Nil) || v == lisp.Value(lisp.T) {
		if in, ok := t.Interp().Global("*standard-input*"); ok {
			if s, ok := in.(*lisp.InputStream); ok {
				return s
			}
		}
		lisp.SignalClass(lisp.ClassStreamError, "%s: a cell has no standard input; read from a string input stream (with-input-from-string, make-string-input-stream)", op)
	}
	lisp.TypeError(op, v, "an input stream")
	return nil
}

// inEOF is what a read at the end of a stream returns: an end-of-file
// error unless the eof-error-p argument at index i is nil, and then the
// eof-value after it.
func inEOF(op string, a []lisp.Value, i int) lisp.Value {
	if i >= len(a) || lisp.Truthy(a[i]) {
		lisp.SignalClass(lisp.ClassEndOfFile, "%s: end of file on the stream", op)
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

// skipEndingWhitespace consumes the whitespace character that follows an
// object read, as SBCL's read does (file-position shows it): the reader
// already takes the one ending a token, so this takes one after an object
// that ends itself, as a list or a string does.
func skipEndingWhitespace(s *lisp.InputStream) {
	if s.Pos > s.Start && isReadWhitespace(s.S[s.Pos-1]) {
		return
	}
	if s.Pos < s.End && isReadWhitespace(s.S[s.Pos]) {
		s.Pos++
	}
}

func isReadWhitespace(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', '\f':
		return true
	}
	return false
}
