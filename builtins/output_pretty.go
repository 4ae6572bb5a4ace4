package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The pretty printer's interface for programs: pprint-logical-block with
// pprint-pop and pprint-exit-if-list-exhausted, pprint-newline,
// pprint-indent, pprint-fill and pprint-linear. The layout itself is
// lisp's (pretty_layout.go). pprint-tab, which needs tab stops, is an
// error inside a logical block, and so is pprint-tabular where its
// columns need them (output_pretty_tabular.go).

var (
	sPPBlock     = lisp.Sym("%pprint-logical-block")
	sPPPop       = lisp.Sym("%pprint-pop")
	sPPExhausted = lisp.Sym("%pprint-exhausted-p")
	sPPPopName   = lisp.Sym("pprint-pop")
	sPPExitName  = lisp.Sym("pprint-exit-if-list-exhausted")
	sStdout      = lisp.Sym("*standard-output*")
)

func registerOutputPretty() {
	macro("pprint-logical-block", "(pprint-logical-block (stream list &key prefix per-line-prefix suffix) body…) prints body's output as one logical block of the pretty printer; pprint-pop takes the next element of list.", expandPPrintLogicalBlock)
	defun("%pprint-logical-block", "(stream list prefix suffix per-line body)", "Run body (a function of the block) as a logical block on stream (internal).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			const op = "pprint-logical-block"
			s := outDesignator(t, op, a[0])
			o := printOpts(t, true)
			if !lisp.IsList(a[1]) {
				lisp.Write(s, a[1], o)
				return lisp.Nil
			}
			prefix, suffix := stringArg(op, a[2]), stringArg(op, a[3])
			b := lisp.BeginPrettyBlock(s, o, a[1], prefix, suffix, a[4] != lisp.Value(lisp.Nil))
			if b == nil {
				return lisp.Nil
			}
			done := false
			defer func() {
				if !done {
					b.Abandon()
				}
			}()
			t.Call(a[5], b)
			done = true
			b.End()
			return lisp.Nil
		})
	defun("%pprint-pop", "(block)", "The next element of a logical block's list, and whether the block goes on (internal).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			v, ok := prettyBlockArg(a[0]).Pop()
			return t.Values(v, lisp.Bool(ok))
		})
	defun("%pprint-exhausted-p", "(block)", "True if a logical block's list has no elements left (internal).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			return lisp.Bool(prettyBlockArg(a[0]).Exhausted())
		})
	defun("pprint-newline", "(kind &optional stream)", "A conditional newline (:linear, :fill, :miser or :mandatory) in the current logical block.",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			kind := keywordChoice("pprint-newline", a[0], "LINEAR", "FILL", "MISER", "MANDATORY")
			if !t.PrintOptions().Pretty {
				return lisp.Nil // no effect unless *print-pretty* is true
			}
			lisp.PrettyNewline(outStream(t, "pprint-newline", a, 1), kind)
			return lisp.Nil
		})
	defun("pprint-indent", "(relative-to n &optional stream)", "Set the indentation of the current logical block, relative to its start (:block) or the current column (:current).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			kind := keywordChoice("pprint-indent", a[0], "BLOCK", "CURRENT")
			n := indentArg(a[1])
			if !t.PrintOptions().Pretty {
				return lisp.Nil // no effect unless *print-pretty* is true
			}
			lisp.PrettyIndent(outStream(t, "pprint-indent", a, 2), kind, n)
			return lisp.Nil
		})
	defun("pprint-tab", "(kind colnum colinc &optional stream)", "Tab stops in a logical block: not supported (an error inside a block).",
		func(t *eval.Thread, a []lisp.Value) lisp.Value {
			keywordChoice("pprint-tab", a[0], "LINE", "SECTION", "LINE-RELATIVE", "SECTION-RELATIVE")
			if lisp.InPrettyBlock(outStream(t, "pprint-tab", a, 3)) {
				lisp.Errorf("pprint-tab: tab stops in a logical block are not supported by nodelisp")
			}
			return lisp.Nil
		})
	for _, name := range []string{"pprint-fill", "pprint-linear"} {
		fill := name == "pprint-fill"
		defun(name, "(stream list &optional (colon t) at-sign)", "Print a list in a logical block with "+map[bool]string{true: "fill", false: "linear"}[fill]+" newlines between its elements, in parentheses unless colon is nil.",
			func(t *eval.Thread, a []lisp.Value) lisp.Value {
				parens := len(a) < 3 || a[2] != lisp.Value(lisp.Nil)
				lisp.PrettyList(outDesignator(t, name, a[0]), printOpts(t, true), a[1], parens, fill)
				return lisp.Nil
			})
	}
	defun("pprint-tabular", "(stream list &optional (colon t) at-sign tabsize)", "Print a list in columns tabsize wide, in parentheses unless colon is nil; only where no column needs a tab stop (tabsize 1 or less, or *print-pretty* nil).", pprintTabular)
}

func prettyBlockArg(v lisp.Value) *lisp.PrettyBlock {
	b, ok := v.(*lisp.PrettyBlock)
	if !ok {
		lisp.Errorf("pprint-pop: not inside pprint-logical-block")
	}
	return b
}

// keywordChoice returns the lower-case name of v, which must be one of the
// keywords names.
func keywordChoice(op string, v lisp.Value, names ...string) string {
	if s, ok := v.(*lisp.Symbol); ok && s.Keyword {
		for _, n := range names {
			if s.Name == n {
				return lower(n)
			}
		}
	}
	want := ""
	for i, n := range names {
		if i > 0 {
			want += ", "
		}
		want += ":" + lower(n)
	}
	lisp.TypeError(op, v, "one of "+want)
	return ""
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// expandPPrintLogicalBlock turns the macro into a call of
// %pprint-logical-block with the body as a function of the block, in
// which pprint-pop and pprint-exit-if-list-exhausted are local macros
// that leave the body when the list is done.
func expandPPrintLogicalBlock(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "pprint-logical-block"
	args := macroArgs(op, form, 1, -1)
	spec := listOf(op, "block specification", args[0])
	if len(spec) < 2 {
		syntaxError(op, "the specification %s needs a stream symbol and a list", lisp.Prin1ToString(args[0]))
	}
	streamSym, ok := spec[0].(*lisp.Symbol)
	if !ok {
		syntaxError(op, "%s is not a stream variable", lisp.Prin1ToString(spec[0]))
	}
	// nil is *standard-output*; t stays t, which the block's stream
	// designator resolves to *terminal-io*.
	var stream lisp.Value = streamSym
	if streamSym == lisp.Nil {
		stream = sStdout
	}
	var prefix, suffix lisp.Value = lisp.NewString(""), lisp.NewString("")
	var perLine lisp.Value = lisp.Nil
	opts := spec[2:]
	if len(opts)%2 != 0 {
		syntaxError(op, "odd keyword arguments in %s", lisp.Prin1ToString(args[0]))
	}
	prefixGiven := false
	for i := 0; i < len(opts); i += 2 {
		switch {
		case symbolNamed(opts[i], "PREFIX"):
			prefix, prefixGiven = opts[i+1], true
		case symbolNamed(opts[i], "PER-LINE-PREFIX"):
			if prefixGiven {
				syntaxError(op, "both :prefix and :per-line-prefix given")
			}
			prefix, perLine, prefixGiven = opts[i+1], lisp.T, true
		case symbolNamed(opts[i], "SUFFIX"):
			suffix = opts[i+1]
		default:
			syntaxError(op, "unknown option %s", lisp.Prin1ToString(opts[i]))
		}
	}
	block, state, v, more := gensym("BLOCK"), gensym("STATE"), gensym("V"), gensym("MORE")
	pop := lisp.List(sMultipleValueBind, lisp.List(v, more), lisp.List(sPPPop, state),
		lisp.List(sIf, more, v, lisp.List(sReturnFrom, block, lisp.Nil)))
	exit := lisp.List(sWhen, lisp.List(sPPExhausted, state), lisp.List(sReturnFrom, block, lisp.Nil))
	body := lisp.List(sMacrolet,
		lisp.List(lisp.List(sPPPopName, lisp.Nil, quoted(pop)), lisp.List(sPPExitName, lisp.Nil, quoted(exit))),
		lisp.ListStar(lisp.List(args[1:]...), sBlock, block))
	fnForm := lisp.List(sFunction, lisp.List(sLambda, lisp.List(state), body))
	return lisp.List(sPPBlock, stream, spec[1], prefix, suffix, perLine, fnForm)
}
