package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Printing under the printer variables: every printing builtin takes its
// options from the current bindings of *print-base*, *print-escape* and
// the rest (eval.Thread.PrintOptions), and write and write-to-string let
// keyword arguments override them, each keyword honoured or refused.

// printOpts returns the current options with *print-escape* set as prin1
// (escape true) or princ (false) binds it; princ binds *print-readably*
// to nil too.
func printOpts(t *eval.Thread, escape bool) lisp.PrintOptions {
	o := t.PrintOptions()
	o.Escape = escape
	if !escape {
		o.Readably = false
	}
	return o
}

// printTo writes v to s as prin1 (escape) or princ does under the current
// bindings.
func printTo(t *eval.Thread, s *lisp.Stream, v lisp.Value, escape bool) {
	lisp.Write(s, v, printOpts(t, escape))
}

// printToString is v as prin1 (escape) or princ prints it now.
func printToString(t *eval.Thread, v lisp.Value, escape bool) string {
	return lisp.WriteToString(v, printOpts(t, escape))
}

// writeKeywords are the keyword arguments of write-to-string; write adds
// :stream.
var writeKeywords = lisp.PrintOptionNames

// writeOpts applies write's keyword arguments to the current options.
func writeOpts(t *eval.Thread, op string, kw kwargs) lisp.PrintOptions {
	o := t.PrintOptions()
	for _, name := range writeKeywords {
		v, ok := kw.get(name)
		if !ok {
			continue
		}
		if _, err := o.SetPrintOption(name, v); err != nil {
			lisp.SignalClass(lisp.ClassTypeError, "%s: :%s %v", op, name, err)
		}
	}
	return o
}

func registerPrintOptions() {
	defun("write", "(object &key stream escape readably pretty case base radix level length circle array gensym lines right-margin miser-width pprint-dispatch)",
		"Print an object to :stream under the printer variables, each overridden by its keyword; return it.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			kw := parseKeys("write", a[1:], append([]string{"stream"}, writeKeywords...)...)
			s := outDesignator(t, "write", kw.or("stream", lisp.Nil))
			lisp.Write(s, a[0], writeOpts(t, "write", kw))
			return a[0]
		})
	defun("write-to-string", "(object &key escape readably pretty case base radix level length circle array gensym lines right-margin miser-width pprint-dispatch)",
		"The string write would print for an object with the same keywords.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			kw := parseKeys("write-to-string", a[1:], writeKeywords...)
			return lisp.NewString(lisp.WriteToString(a[0], writeOpts(t, "write-to-string", kw)))
		})
	defun("princ-to-string", "(object)", "The string princ would print for an object.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.NewString(printToString(t, a[0], false))
	})
	defun("prin1-to-string", "(object)", "The string prin1 would print for an object.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.NewString(printToString(t, a[0], true))
	})
}
