package builtins

// Readtables: *readtable*'s objects and the functions that read and
// change them (CLHS 23.2). The syntax itself is the reader's
// (reader.Readtable); a program's macro function is called by the reader
// through the thread (eval.Thread.MacroCall).

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

func registerReadtable() {
	defun("readtablep", "(object)", "True if the object is a readtable.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		_, ok := a[0].(*reader.Readtable)
		return lisp.Bool(ok)
	})
	defun("%standard-readtable", "()", "The standard readtable, which no program may change (for with-standard-io-syntax).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return reader.StandardReadtable()
	})
	defun("copy-readtable", "(&optional from-readtable to-readtable)", "A copy of from-readtable (default *readtable*; nil: the standard readtable), made into to-readtable when given.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		from := t.Readtable()
		if len(a) > 0 {
			from = readtableDesignator(t, "copy-readtable", a[0])
		}
		if len(a) < 2 || a[1] == lisp.Value(lisp.Nil) {
			return from.Copy()
		}
		to := changeableReadtable("copy-readtable", a[1])
		to.CopyFrom(from)
		return to
	})
	defun("readtable-case", "(readtable)", "The readtable's case: :upcase, :downcase, :preserve or :invert.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		return lisp.InternKeyword(readCaseNames[readtableArg("readtable-case", a[0]).Case()])
	})
	defun("(setf readtable-case)", "(mode readtable)", "Set the readtable's case to :upcase, :downcase, :preserve or :invert.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "(setf readtable-case)"
		rt := changeableReadtable(op, a[1])
		for c, name := range readCaseNames {
			if k, ok := a[0].(*lisp.Symbol); ok && k.Keyword && k.Name == name {
				rt.SetCase(c)
				return a[0]
			}
		}
		lisp.TypeError(op, a[0], "one of :upcase, :downcase, :preserve, :invert")
		return nil
	})
	defun("get-macro-character", "(char &optional readtable)", "The character's macro function and whether it is non-terminating; nil nil when it is no macro character.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "get-macro-character"
		c := rune(charArg(op, a[0]))
		rt := optionalReadtable(t, op, a, 1)
		s := rt.Of(c)
		nonTerminating := lisp.Bool(s.Type == reader.NonTerminatingMacro)
		switch {
		case s.Type != reader.TerminatingMacro && s.Type != reader.NonTerminatingMacro:
			return t.Values(lisp.Nil, lisp.Nil)
		case s.Fn != nil:
			return t.Values(s.Fn, nonTerminating)
		case s.Like != 0:
			return t.Values(standardMacroFunction(s.Like), nonTerminating)
		}
		return t.Values(macroFunctionOf(c), nonTerminating)
	})
	defun("set-macro-character", "(char new-function &optional non-terminating-p readtable)", "Make the character a macro character whose function the reader calls with the stream and the character; return t.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "set-macro-character"
		c := rune(charArg(op, a[0]))
		fn := functionDesignator(op, a[1])
		nonTerminating := len(a) > 2 && lisp.Truthy(a[2])
		rt := optionalChangeable(t, op, a, 3)
		if like, ok := standardMacroChars[fn]; ok {
			rt.SetMacroLike(c, like, nonTerminating)
		} else {
			rt.SetMacro(c, fn, nonTerminating)
		}
		return lisp.T
	})
	defun("make-dispatch-macro-character", "(char &optional non-terminating-p readtable)", "Make the character a dispatching macro character with no sub-characters yet; return t.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "make-dispatch-macro-character"
		c := rune(charArg(op, a[0]))
		rt := optionalChangeable(t, op, a, 2)
		rt.MakeDispatch(c, len(a) > 1 && lisp.Truthy(a[1]))
		return lisp.T
	})
	defun("get-dispatch-macro-character", "(disp-char sub-char &optional readtable)", "The function of sub-char under the dispatching character, or nil.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "get-dispatch-macro-character"
		disp, sub := rune(charArg(op, a[0])), rune(charArg(op, a[1]))
		rt := optionalReadtable(t, op, a, 2)
		if !rt.IsDispatch(disp) {
			lisp.Errorf("%s: %s is not a dispatching macro character", op, lisp.Prin1ToString(a[0]))
		}
		if sub >= '0' && sub <= '9' {
			return lisp.Nil
		}
		if fn, ok := rt.DispatchFn(disp, sub); ok {
			return fn
		}
		if rt.Of(disp).Like == '#' {
			if fn := standardDispatchFunction(sub); fn != nil {
				return fn
			}
		}
		return lisp.Nil
	})
	defun("set-dispatch-macro-character", "(disp-char sub-char new-function &optional readtable)", "Make the reader call new-function (with the stream, the sub-character and the numeric argument or nil) for sub-char after the dispatching character; return t.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "set-dispatch-macro-character"
		disp, sub := rune(charArg(op, a[0])), rune(charArg(op, a[1]))
		rt := optionalChangeable(t, op, a, 3)
		if !rt.IsDispatch(disp) {
			lisp.Errorf("%s: %s is not a dispatching macro character", op, lisp.Prin1ToString(a[0]))
		}
		if sub >= '0' && sub <= '9' {
			lisp.Errorf("%s: the sub-character %s is a decimal digit, which is the numeric argument", op, lisp.Prin1ToString(a[1]))
		}
		var fn lisp.Value = lisp.Nil
		if a[2] != lisp.Value(lisp.Nil) {
			fn = functionDesignator(op, a[2])
		}
		rt.SetDispatch(disp, sub, fn)
		return lisp.T
	})
	defun("set-syntax-from-char", "(to-char from-char &optional to-readtable from-readtable)", "Give to-char in to-readtable the syntax from-char has in from-readtable (default the standard readtable); return t.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "set-syntax-from-char"
		to, from := rune(charArg(op, a[0])), rune(charArg(op, a[1]))
		rt := optionalChangeable(t, op, a, 2)
		var fromRT *reader.Readtable
		if len(a) > 3 {
			fromRT = readtableDesignator(t, op, a[3])
		}
		rt.SetSyntaxFrom(to, from, fromRT)
		return lisp.T
	})
}

var readCaseNames = map[lisp.ReadCase]string{
	lisp.ReadUpcase: "UPCASE", lisp.ReadDowncase: "DOWNCASE", lisp.ReadPreserve: "PRESERVE", lisp.ReadInvert: "INVERT",
}

// readtableArg is an argument that must be a readtable.
func readtableArg(op string, v lisp.Value) *reader.Readtable {
	rt, ok := v.(*reader.Readtable)
	if !ok {
		lisp.TypeError(op, v, "a readtable")
	}
	return rt
}

// readtableDesignator is a readtable, or nil for the standard one.
func readtableDesignator(t *eval.Thread, op string, v lisp.Value) *reader.Readtable {
	if v == lisp.Value(lisp.Nil) {
		return reader.StandardReadtable()
	}
	return readtableArg(op, v)
}

// optionalReadtable is the readtable designator at a[i], *readtable*
// when absent.
func optionalReadtable(t *eval.Thread, op string, a []lisp.Value, i int) *reader.Readtable {
	if i < len(a) {
		return readtableDesignator(t, op, a[i])
	}
	return t.Readtable()
}

// optionalChangeable is the readtable at a[i] (*readtable* when absent)
// that op will change.
func optionalChangeable(t *eval.Thread, op string, a []lisp.Value, i int) *reader.Readtable {
	if i < len(a) {
		return changeableReadtable(op, a[i])
	}
	rt := t.Readtable()
	refuseStandard(op, rt)
	return rt
}

func changeableReadtable(op string, v lisp.Value) *reader.Readtable {
	rt := readtableArg(op, v)
	refuseStandard(op, rt)
	return rt
}

// refuseStandard refuses to change the standard readtable, as SBCL does
// (with-standard-io-syntax binds *readtable* to it).
func refuseStandard(op string, rt *reader.Readtable) {
	if rt.IsStandard() {
		lisp.Errorf("%s: the standard readtable cannot be changed; change a copy (copy-readtable)", op)
	}
}

// functionDesignator is a function or a symbol naming one.
func functionDesignator(op string, v lisp.Value) lisp.Value {
	switch v.(type) {
	case lisp.Function, *lisp.Symbol:
		if v != lisp.Value(lisp.Nil) {
			return v
		}
	}
	lisp.TypeError(op, v, "a function designator")
	return nil
}
