package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// Output: the printing functions and string output streams. A stream
// argument may be t or nil (both *standard-output*) or a stream.

func registerOutput() {
	defun("print", "(object &optional stream)", "Print a newline, the object as prin1 does, and a space; return the object.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := outStream(t, "print", a, 1)
		s.WriteString("\n")
		printTo(t, s, a[0], true)
		s.WriteString(" ")
		return a[0]
	})
	defun("prin1", "(object &optional stream)", "Print an object readably (strings quoted); return it.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		printTo(t, outStream(t, "prin1", a, 1), a[0], true)
		return a[0]
	})
	defun("princ", "(object &optional stream)", "Print an object for people (strings and characters raw); return it.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		printTo(t, outStream(t, "princ", a, 1), a[0], false)
		return a[0]
	})
	defun("pprint", "(object &optional stream)", "Print a newline and the object as prin1 does with *print-pretty* t; return no values.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s := outStream(t, "pprint", a, 1)
		s.WriteString("\n")
		o := printOpts(t, true)
		o.Pretty = true
		lisp.Write(s, a[0], o)
		return t.Values()
	})
	defun("terpri", "(&optional stream)", "Write a newline; return nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		outStream(t, "terpri", a, 0).WriteString("\n")
		return lisp.Nil
	})
	defun("fresh-line", "(&optional stream)", "Write a newline unless at the start of a line; true if it wrote one.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.Bool(outStream(t, "fresh-line", a, 0).FreshLine())
	})
	for _, name := range []string{"finish-output", "force-output", "clear-output"} {
		defun(name, "(&optional stream)", "Flush pending output (output is never buffered here); return nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
			outStream(t, name, a, 0)
			return lisp.Nil
		})
	}
	defun("write-string", "(string &optional stream &key start end)", "Write the characters of a string (between :start and :end); return the string.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		outWriteString(t, "write-string", a, false)
		return a[0]
	})
	defun("write-line", "(string &optional stream &key start end)", "Write a string and a newline; return the string.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		outWriteString(t, "write-line", a, true)
		return a[0]
	})
	defun("write-char", "(character &optional stream)", "Write one character; return it.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		c := charArg("write-char", a[0])
		outStream(t, "write-char", a, 1).WriteString(string(rune(c)))
		return c
	})
	defun("make-string-output-stream", "(&key element-type)", "A stream that collects what is written to it, for get-output-stream-string.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		unpack.Args("make-string-output-stream", a, "&key", "element-type", nil)
		return t.NewStringStream()
	})
	defun("get-output-stream-string", "(string-output-stream)", "The characters written to a string output stream since the last call, clearing it.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		s, ok := a[0].(*lisp.Stream)
		if !ok || !s.IsStringStream() {
			lisp.TypeError("get-output-stream-string", a[0], "a string output stream")
		}
		return lisp.NewString(s.TakeString())
	})
}

// outStream returns the stream designated by the optional argument at
// index i, *standard-output* when it is absent.
func outStream(t *eval.Thread, op string, a []lisp.Value, i int) *lisp.Stream {
	if i >= len(a) {
		return t.Out()
	}
	return outDesignator(t, op, a[i])
}

var symTerminalIO = lisp.Sym("*terminal-io*")

// outDesignator resolves a stream designator: nil is *standard-output*,
// t *terminal-io* when a program has bound it (else *standard-output*); a composite stream is the stream it writes to.
func outDesignator(t *eval.Thread, op string, v lisp.Value) *lisp.Stream {
	return outResolve(t, op, v, 0)
}

func outResolve(t *eval.Thread, op string, v lisp.Value, depth int) *lisp.Stream {
	switch x := v.(type) {
	case *lisp.Stream:
		if x.Binary {
			lisp.Errorf("%s: the stream is of (unsigned-byte 8), not of characters (write to it with write-byte)", op)
		}
		return x
	case *lisp.CompositeStream:
		return compositeOut(t, op, x, depth)
	case *lisp.Symbol:
		if x == lisp.T && depth == 0 {
			// t designates *terminal-io*: a program may bind it (a
			// cell has no terminal of its own, so unbound it is the
			// cell's standard output).
			if term, ok := t.SymbolValue(symTerminalIO); ok && isStream(term) {
				return outResolve(t, op, term, depth+1)
			}
		}
		if (x == lisp.Nil || x == lisp.T) && depth == 0 {
			return t.Out()
		}
	}
	want := "a stream"
	if isStream(v) {
		want = "an output stream"
	}
	lisp.TypeError(op, v, want)
	return nil
}

func outWriteString(t *eval.Thread, op string, a []lisp.Value, newline bool) {
	s := stringArg(op, a[0])
	stream := t.Out()
	rest := a[1:]
	if len(rest) > 0 && !strIsKeyArg(rest[0]) {
		stream = outDesignator(t, op, rest[0])
		rest = rest[1:]
	}
	kw := parseKeys(op, rest, "start", "end")
	if len(rest) > 0 { // a keyword was given: parseKeys took the pairs
		rs := []rune(s)
		start, end := strBounds(op, kw, "start", "end", len(rs))
		s = string(rs[start:end])
	}
	stream.WriteString(s)
	if newline {
		stream.WriteString("\n")
	}
}
