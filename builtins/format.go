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
			switch dest {
			case lisp.Value(lisp.Nil):
			case lisp.Value(lisp.T): // format's t is *standard-output*, not *terminal-io*
				stream = t.Out()
			default:
				stream = outDesignator(t, "format", dest)
			}
			if f, ok := control.(lisp.Function); ok {
				return fmtCallFunction(t, f, stream, args)
			}
			text := stringArg("format", control)
			if stream == nil {
				var buf [48]byte
				if s, ok := fmtSimple(buf[:0], text, args); ok {
					return lisp.NewStringBytes(s)
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
			lisp.CheckCircleText(stream, args)
			stream.WriteString(b.String())
			return lisp.Nil
		})
	// The directive engine reads the arguments while it runs and keeps
	// none (a function control gets a copy), so (format nil "k~d" i) in a
	// loop needs no argument slice of its own.
	borrowsArgs()
	defun("%formatter-call", "(stream control &rest args)", "Format ARGS by CONTROL to STREAM and return the arguments left unused (internal: the functions formatter makes).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			stream := outDesignator(t, "formatter", a[0])
			text := stringArg("formatter", a[1])
			reserveFormat(t, text, a[2:])
			var b strings.Builder
			opts := t.PrintOptions()
			rest := format.FormatRest(&b, stream.Column(), text, a[2:], &opts)
			lisp.CheckCircleText(stream, a[2:])
			stream.WriteString(b.String())
			return lisp.List(rest...)
		})
	macro("formatter", "(formatter control) is a function of a stream and arguments that formats them by CONTROL, as format would, and returns the arguments left unused.", func(t *eval.Thread, form lisp.Value) lisp.Value {
		control := macroArgs("formatter", form, 1, 1)[0]
		if _, ok := control.(*lisp.String); !ok {
			lisp.TypeError("formatter", control, "a string")
		}
		stream, args := gensym("STREAM"), gensym("ARGS")
		return lisp.List(sFunction, lisp.List(sLambda, lisp.List(stream, sAmpRest, args),
			lisp.List(sApply, lisp.List(sFunction, sFormatterCall), stream, control, args)))
	})
	borrowsArgs()
}

var sFormatterCall = lisp.Sym("%formatter-call")

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
// (format nil "k~d" i) in a loop, appended to dst (a buffer on the
// caller's stack, so that the text is copied once, into the string).
// Anything else reports false.
func fmtSimple(dst []byte, control string, args []lisp.Value) ([]byte, bool) {
	i := strings.IndexByte(control, '~')
	if len(args) != 1 || i < 0 || i+1 >= len(control) {
		return nil, false
	}
	before, after := control[:i], control[i+2:]
	if strings.IndexByte(after, '~') >= 0 {
		return nil, false
	}
	switch control[i+1] {
	case 'd', 'D':
		n, ok := args[0].(lisp.Fixnum)
		if !ok {
			return nil, false
		}
		b := append(dst, before...)
		b = strconv.AppendInt(b, int64(n), 10)
		return append(b, after...), true
	case 'a', 'A':
		s, ok := args[0].(*lisp.String)
		if !ok {
			return nil, false
		}
		b := append(dst, before...)
		b = append(b, s.S...)
		return append(b, after...), true
	}
	return nil, false
}
