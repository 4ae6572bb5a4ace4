package builtins

import (
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/format"
	"github.com/nodelisp/nodelisp/lisp"
)

// format: the directive engine is package format; this is its entry point
// and the destination handling.

func registerFormat() {
	defun("format", "(destination control-string &rest args)",
		"Format args by a control string: to a new string (nil), *standard-output* (t) or a stream.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			dest, control, args := a[0], a[1], a[2:]
			var stream *lisp.Stream
			if dest != lisp.Value(lisp.Nil) {
				stream = outDesignator(t, "format", dest)
			}
			if f, ok := control.(lisp.Function); ok {
				return fmtCallFunction(t, f, stream, args)
			}
			text := stringArg("format", control)
			if stream == nil {
				if s, ok := fmtSimple(text, args); ok {
					return lisp.NewString(s)
				}
			}
			reserveFormat(t, text, args)
			var b strings.Builder
			b.Grow(len(text) + 16)
			col := 0
			if stream != nil {
				col = stream.Column()
			}
			opts := t.PrintOptions()
			format.FormatWith(&b, col, text, args, &opts)
			if stream == nil {
				return lisp.NewString(b.String())
			}
			stream.WriteString(b.String())
			return lisp.Nil
		})
	borrowsArgs()
}

// fmtCallFunction handles a function as the control (what formatter
// makes): it is called with the stream and the arguments.
func fmtCallFunction(t *eval.Thread, f lisp.Function, stream *lisp.Stream, args []lisp.Value) lisp.Value {
	target := stream
	if target == nil {
		target = t.NewStringStream()
	}
	t.Apply(f, append([]lisp.Value{target}, args...))
	if stream == nil {
		return lisp.NewString(target.TakeString())
	}
	return lisp.Nil
}

// fmtSimple formats the commonest control strings without the directive
// engine: text around one plain ~d of a fixnum or ~a of a string, as in
// (format nil "k~d" i) in a loop. Anything else reports false.
func fmtSimple(control string, args []lisp.Value) (string, bool) {
	i := strings.IndexByte(control, '~')
	if len(args) != 1 || i < 0 || i+1 >= len(control) {
		return "", false
	}
	before, after := control[:i], control[i+2:]
	if strings.IndexByte(after, '~') >= 0 {
		return "", false
	}
	switch control[i+1] {
	case 'd', 'D':
		n, ok := args[0].(lisp.Fixnum)
		if !ok {
			return "", false
		}
		var buf [48]byte
		b := append(buf[:0], before...)
		b = strconv.AppendInt(b, int64(n), 10)
		return string(append(b, after...)), true
	case 'a', 'A':
		s, ok := args[0].(*lisp.String)
		if !ok {
			return "", false
		}
		return before + s.S + after, true
	}
	return "", false
}
