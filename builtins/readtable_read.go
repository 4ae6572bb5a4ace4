package builtins

// Reading forms from a stream under *readtable*: read,
// read-preserving-whitespace, read-delimited-list.

import (
	"errors"
	"io"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

func registerReadtableRead() {
	defun("read-preserving-whitespace", "(&optional stream eof-error-p eof-value recursive-p)", "Read one form from an input stream as read does, leaving the whitespace after it unread.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return readForm(t, "read-preserving-whitespace", a, true)
	})
	defun("read-delimited-list", "(char &optional stream recursive-p)", "Read forms up to the character char, which is consumed, and return them as a list.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "read-delimited-list"
		stop := rune(charArg(op, a[0]))
		s := inStream(t, op, a, 1)
		r := reader.New(s.Rest())
		r.Setup(t.ReadEnv(readTimeEval(t, t.ReadOptions())))
		if in, ok := s.(*lisp.InputStream); ok {
			r.Within(in, len(a) > 2 && lisp.Truthy(a[2]))
		}
		v, err := r.ReadDelimited(stop)
		if err != nil {
			signalReadError(op, err, passedStream(a, 1))
		}
		s.Skip(r.Offset())
		return v
	})
}

// readForm is read (preserve false) and read-preserving-whitespace over
// their arguments.
func readForm(t *eval.Thread, op string, a []lisp.Value, preserve bool) lisp.Value {
	s := inStream(t, op, a, 0)
	text := s.Rest()
	r := reader.New(text)
	r.Setup(t.ReadEnv(readTimeEval(t, t.ReadOptions())))
	if in, ok := s.(*lisp.InputStream); ok {
		// A read from inside a reader macro on this stream.
		r.Within(in, len(a) > 3 && lisp.Truthy(a[3]))
	}
	if preserve {
		r.PreserveWhitespace()
	}
	v, err := r.Read()
	if errors.Is(err, io.EOF) {
		s.Skip(len(text))
		return inEOF(op, a, 1)
	}
	if err != nil {
		signalReadError(op, err, passedStream(a, 0))
	}
	n := r.Offset()
	if !preserve && (len(a) < 4 || a[3] == lisp.Value(lisp.Nil)) {
		n = afterEndingWhitespace(text, n)
	}
	s.Skip(n)
	return v
}

// signalReadError signals a reader's error as end-of-file when the text
// ended inside a form, as reader-error otherwise; both are stream errors,
// so stream-error-stream answers the stream read from.
func signalReadError(op string, err error, stream lisp.Value) {
	class := lisp.ClassReaderError
	var re *reader.Error
	if errors.As(err, &re) && re.Incomplete {
		class = lisp.ClassEndOfFile
	}
	lisp.Signal(&lisp.Condition{Class: class, Message: op + ": " + err.Error(),
		Slots: []lisp.Value{lisp.Sym("stream"), stream}})
}

// passedStream is the stream argument at index i as the caller passed it,
// nil when it was left out.
func passedStream(a []lisp.Value, i int) lisp.Value {
	if i < len(a) {
		return a[i]
	}
	return lisp.Nil
}
