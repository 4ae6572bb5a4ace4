package builtins

import (
	"strings"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The composite streams: broadcast, concatenated, echo, synonym and
// two-way streams, their constructors and readers. A composite stream
// holds no text; each use resolves it to the stream it reads or writes
// (a synonym stream through its variable's value at that moment).

func init() {
	eval.CompositeOutput = func(t *eval.Thread, c *lisp.CompositeStream) *lisp.Stream { return compositeOut(t, "write", c, 0) }
}

func registerStreamsComposite() {
	defun("make-broadcast-stream", "(&rest streams)", "A stream that writes what it is given to every one of STREAMS (output streams); with none, output is discarded.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		for _, s := range a {
			if !isOutputStream(t, s) {
				lisp.TypeError("make-broadcast-stream", s, "an output stream")
			}
		}
		return &lisp.CompositeStream{Kind: lisp.Broadcast, Parts: append([]lisp.Value(nil), a...)}
	})
	defun("make-concatenated-stream", "(&rest streams)", "A stream that reads STREAMS (input streams) one after the other.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		for _, s := range a {
			if !isInputStream(t, s) {
				lisp.TypeError("make-concatenated-stream", s, "an input stream")
			}
		}
		return &lisp.CompositeStream{Kind: lisp.Concatenated, Parts: append([]lisp.Value(nil), a...)}
	})
	defun("make-echo-stream", "(input-stream output-stream)", "A stream that reads INPUT-STREAM, writing what it reads to OUTPUT-STREAM, and writes OUTPUT-STREAM.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return &lisp.CompositeStream{Kind: lisp.Echo, Parts: inOutPair(t, "make-echo-stream", a)}
	})
	defun("make-two-way-stream", "(input-stream output-stream)", "A stream that reads INPUT-STREAM and writes OUTPUT-STREAM.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return &lisp.CompositeStream{Kind: lisp.TwoWay, Parts: inOutPair(t, "make-two-way-stream", a)}
	})
	defun("make-synonym-stream", "(symbol)", "A stream that reads and writes the stream that is SYMBOL's dynamic value whenever it is used.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		sym, ok := a[0].(*lisp.Symbol)
		if !ok {
			lisp.TypeError("make-synonym-stream", a[0], "a symbol")
		}
		return &lisp.CompositeStream{Kind: lisp.Synonym, Symbol: sym}
	})
	defun("broadcast-stream-streams", "(broadcast-stream)", "The streams a broadcast stream writes to.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.List(compositeArg("broadcast-stream-streams", a[0], lisp.Broadcast).Parts...)
	})
	defun("concatenated-stream-streams", "(concatenated-stream)", "The streams a concatenated stream has yet to read (one read to its end is dropped).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.List(compositeArg("concatenated-stream-streams", a[0], lisp.Concatenated).Parts...)
	})
	defun("echo-stream-input-stream", "(echo-stream)", "The stream an echo stream reads.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return compositeArg("echo-stream-input-stream", a[0], lisp.Echo).Parts[0]
	})
	defun("echo-stream-output-stream", "(echo-stream)", "The stream an echo stream writes.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return compositeArg("echo-stream-output-stream", a[0], lisp.Echo).Parts[1]
	})
	defun("two-way-stream-input-stream", "(two-way-stream)", "The stream a two-way stream reads.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return compositeArg("two-way-stream-input-stream", a[0], lisp.TwoWay).Parts[0]
	})
	defun("two-way-stream-output-stream", "(two-way-stream)", "The stream a two-way stream writes.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return compositeArg("two-way-stream-output-stream", a[0], lisp.TwoWay).Parts[1]
	})
	defun("synonym-stream-symbol", "(synonym-stream)", "The variable whose value a synonym stream stands for.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return compositeArg("synonym-stream-symbol", a[0], lisp.Synonym).Symbol
	})
}

// inOutPair checks an echo or two-way stream's two streams.
func inOutPair(t *eval.Thread, op string, a []lisp.Value) []lisp.Value {
	if !isInputStream(t, a[0]) {
		lisp.TypeError(op, a[0], "an input stream")
	}
	if !isOutputStream(t, a[1]) {
		lisp.TypeError(op, a[1], "an output stream")
	}
	return []lisp.Value{a[0], a[1]}
}

var compositeWanted = map[lisp.CompositeKind]string{
	lisp.Broadcast: "a broadcast stream", lisp.Concatenated: "a concatenated stream", lisp.Echo: "an echo stream",
	lisp.Synonym: "a synonym stream", lisp.TwoWay: "a two-way stream",
}

func compositeArg(op string, v lisp.Value, kind lisp.CompositeKind) *lisp.CompositeStream {
	c, ok := v.(*lisp.CompositeStream)
	if !ok || c.Kind != kind {
		lisp.TypeError(op, v, compositeWanted[kind])
	}
	return c
}

// maxSynonymDepth bounds the synonym streams followed to reach a stream:
// a variable whose value is a synonym stream for itself ends there with
// an error rather than the host's stack.
const maxSynonymDepth = 64

// synonymTarget is the value of a synonym stream's variable.
func synonymTarget(t *eval.Thread, op string, c *lisp.CompositeStream, depth int) lisp.Value {
	if depth > maxSynonymDepth {
		lisp.SignalClass(lisp.ClassStreamError, "%s: the synonym stream for %s leads to itself", op, lisp.Prin1ToString(c.Symbol))
	}
	v, ok := t.SymbolValue(c.Symbol)
	if !ok {
		lisp.SignalClass(lisp.ClassUnboundVariable, "%s: the synonym stream's variable %s is unbound", op, lisp.Prin1ToString(c.Symbol))
	}
	return v
}

// isInputStream and isOutputStream are input-stream-p and
// output-stream-p of a value that may be no stream (false then).
func isInputStream(t *eval.Thread, v lisp.Value) bool { return streamDirection(t, v, 0, true) }

func isOutputStream(t *eval.Thread, v lisp.Value) bool { return streamDirection(t, v, 0, false) }

func streamDirection(t *eval.Thread, v lisp.Value, depth int, input bool) bool {
	switch s := v.(type) {
	case *lisp.InputStream:
		return input
	case *lisp.Stream:
		return !input
	case *lisp.CompositeStream:
		switch s.Kind {
		case lisp.Broadcast:
			return !input
		case lisp.Concatenated:
			return input
		case lisp.Synonym:
			return streamDirection(t, synonymTarget(t, "stream", s, depth), depth+1, input)
		}
		return true
	}
	return false
}

func isStream(v lisp.Value) bool {
	switch v.(type) {
	case *lisp.InputStream, *lisp.Stream, *lisp.CompositeStream:
		return true
	}
	return false
}

// streamClassName is the name of the most specific standard class of a
// stream: FILE-STREAM, STRING-STREAM or a composite stream's class, and
// STREAM for a cell's standard output; "" for a value that is no stream.
func streamClassName(v lisp.Value) string {
	switch s := v.(type) {
	case *lisp.InputStream:
		if s.File != "" {
			return "FILE-STREAM"
		}
		return "STRING-STREAM"
	case *lisp.Stream:
		switch {
		case s.File != "":
			return "FILE-STREAM"
		case s.IsStringStream():
			return "STRING-STREAM"
		}
		return "STREAM"
	case *lisp.CompositeStream:
		return s.ClassName()
	}
	return ""
}

// compositeOut is the stream output to a composite stream goes to.
func compositeOut(t *eval.Thread, op string, c *lisp.CompositeStream, depth int) *lisp.Stream {
	if c.Closed {
		lisp.SignalClass(lisp.ClassStreamError, "%s: the stream is closed", op)
	}
	switch c.Kind {
	case lisp.Synonym:
		return outResolve(t, op, synonymTarget(t, op, c, depth), depth+1)
	case lisp.Echo, lisp.TwoWay:
		return outResolve(t, op, c.Parts[1], depth+1)
	case lisp.Broadcast:
		if c.Out == nil {
			c.Out = lisp.NewStream(&broadcastWriter{c: c})
		}
		c.Out.Writer().(*broadcastWriter).t = t
		return c.Out
	}
	lisp.TypeError(op, c, "an output stream")
	return nil
}

// broadcastWriter writes to each stream of a broadcast stream, resolved
// in the thread that last asked for the broadcast stream's output.
type broadcastWriter struct {
	c *lisp.CompositeStream
	t *eval.Thread
}

func (w *broadcastWriter) Write(p []byte) (int, error) {
	for _, part := range w.c.Parts {
		outResolve(w.t, "write", part, 0).WriteString(string(p))
	}
	return len(p), nil
}

// charSource is what the reading functions read characters from: a
// string input stream, or an echo or concatenated stream over such
// streams. Rest is the text not yet read and Skip consumes its first n
// bytes, for read, which parses the text ahead and then takes what the
// form used.
type charSource interface {
	NextChar() (rune, bool)
	PeekChar() (rune, bool)
	UnreadChar(r rune) bool
	Rest() string
	Skip(n int)
}

// inResolve is the character source an input stream designator reads.
func inResolve(t *eval.Thread, op string, v lisp.Value, depth int) charSource {
	switch s := v.(type) {
	case *lisp.InputStream:
		if s.Closed {
			lisp.SignalClass(lisp.ClassStreamError, "%s: the stream is closed", op)
		}
		if s.Binary {
			lisp.Errorf("%s: the stream is of (unsigned-byte 8), not of characters (read it with read-byte)", op)
		}
		return s
	case *lisp.CompositeStream:
		if s.Closed {
			lisp.SignalClass(lisp.ClassStreamError, "%s: the stream is closed", op)
		}
		switch s.Kind {
		case lisp.Synonym:
			return inResolve(t, op, synonymTarget(t, op, s, depth), depth+1)
		case lisp.TwoWay:
			return inResolve(t, op, s.Parts[0], depth+1)
		case lisp.Echo:
			return &echoSource{t: t, op: op, c: s}
		case lisp.Concatenated:
			return &concatSource{t: t, op: op, c: s}
		}
	case *lisp.Symbol:
		if s == lisp.T && depth == 0 {
			if term, ok := t.SymbolValue(symTerminalIO); ok && isStream(term) {
				return inResolve(t, op, term, depth+1)
			}
		}
		if (s == lisp.Nil || s == lisp.T) && depth == 0 {
			if in, ok := t.Interp().Global("*standard-input*"); ok && isStream(in) {
				return inResolve(t, op, in, depth+1)
			}
			lisp.SignalClass(lisp.ClassStreamError, "%s: a cell has no standard input; read from a string input stream (with-input-from-string, make-string-input-stream)", op)
		}
	}
	lisp.TypeError(op, v, "an input stream")
	return nil
}

// echoSource reads an echo stream: what is read from its input is
// written to its output, except characters read again after unread-char.
type echoSource struct {
	t  *eval.Thread
	op string
	c  *lisp.CompositeStream
}

func (e *echoSource) in() charSource { return inResolve(e.t, e.op, e.c.Parts[0], 1) }

func (e *echoSource) echo(text string) {
	for e.c.Unechoed > 0 && text != "" {
		_, n := utf8.DecodeRuneInString(text)
		text = text[n:]
		e.c.Unechoed--
	}
	if text != "" {
		outResolve(e.t, e.op, e.c.Parts[1], 1).WriteString(text)
	}
}

func (e *echoSource) NextChar() (rune, bool) {
	r, ok := e.in().NextChar()
	if ok {
		e.echo(string(r))
	}
	return r, ok
}

func (e *echoSource) PeekChar() (rune, bool) { return e.in().PeekChar() }

func (e *echoSource) UnreadChar(r rune) bool {
	if !e.in().UnreadChar(r) {
		return false
	}
	e.c.Unechoed++
	return true
}

func (e *echoSource) Rest() string { return e.in().Rest() }

func (e *echoSource) Skip(n int) {
	in := e.in()
	text := in.Rest()[:n]
	in.Skip(n)
	e.echo(text)
}

// concatSource reads a concatenated stream: its streams in turn, each
// dropped once read to its end.
type concatSource struct {
	t  *eval.Thread
	op string
	c  *lisp.CompositeStream
}

func (s *concatSource) part() charSource { return inResolve(s.t, s.op, s.c.Parts[0], 1) }

func (s *concatSource) NextChar() (rune, bool) {
	for len(s.c.Parts) > 0 {
		if r, ok := s.part().NextChar(); ok {
			return r, true
		}
		s.c.Parts = s.c.Parts[1:]
	}
	return 0, false
}

func (s *concatSource) PeekChar() (rune, bool) {
	for len(s.c.Parts) > 0 {
		if r, ok := s.part().PeekChar(); ok {
			return r, true
		}
		s.c.Parts = s.c.Parts[1:]
	}
	return 0, false
}

func (s *concatSource) UnreadChar(r rune) bool {
	return len(s.c.Parts) > 0 && s.part().UnreadChar(r)
}

func (s *concatSource) Rest() string {
	var b strings.Builder
	for _, p := range s.c.Parts {
		b.WriteString(inResolve(s.t, s.op, p, 1).Rest())
	}
	return b.String()
}

func (s *concatSource) Skip(n int) {
	for n > 0 && len(s.c.Parts) > 0 {
		p := s.part()
		rest := len(p.Rest())
		if n < rest {
			p.Skip(n)
			return
		}
		p.Skip(rest)
		n -= rest
		s.c.Parts = s.c.Parts[1:]
	}
}
