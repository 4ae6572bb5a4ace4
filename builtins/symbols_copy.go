package builtins

// copy-symbol and find-all-symbols: a fresh symbol of another's name
// (with its value, function and property list when asked), and the
// symbols of a name present in any package.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerSymbolsCopy() {
	defun("copy-symbol", "(symbol &optional copy-properties)", "A fresh uninterned symbol of the symbol's name; with copy-properties true it also gets a copy of the symbol's value, function and property list.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		old := symbolArg("copy-symbol", a[0])
		s := &lisp.Symbol{Name: old.Name}
		if len(a) < 2 || a[1] == lisp.Value(lisp.Nil) {
			return s
		}
		q := func(v lisp.Value) lisp.Value { return lisp.List(lisp.Intern("QUOTE"), v) }
		sym := lisp.Intern
		// The value, and a function (not a macro's or special form's),
		// set as a program would, so each image keeps its own.
		t.Eval(lisp.List(sym("PROGN"),
			lisp.List(sym("WHEN"), lisp.List(sym("BOUNDP"), q(old)),
				lisp.List(sym("SETF"), lisp.List(sym("SYMBOL-VALUE"), q(s)), lisp.List(sym("SYMBOL-VALUE"), q(old)))),
			lisp.List(sym("WHEN"), lisp.List(sym("AND"), lisp.List(sym("FBOUNDP"), q(old)),
				lisp.List(sym("NOT"), lisp.List(sym("MACRO-FUNCTION"), q(old))),
				lisp.List(sym("NOT"), lisp.List(sym("SPECIAL-OPERATOR-P"), q(old)))),
				lisp.List(sym("SETF"), lisp.List(sym("SYMBOL-FUNCTION"), q(s)), lisp.List(sym("SYMBOL-FUNCTION"), q(old))))))
		if pl := symbolPlist(t, old); pl != lisp.Value(lisp.Nil) {
			plists(t)[s] = lisp.List(lisp.ListToSlice("copy-symbol", pl)...)
		}
		return s
	})
	defun("find-all-symbols", "(string)", "The symbols of that name present in any package, each once.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		name := stringDesignator("find-all-symbols", a[0])
		var out []lisp.Value
		seen := map[*lisp.Symbol]bool{}
		for _, p := range t.Interp().Packages().All() {
			s, st := p.Find(name)
			if (st == lisp.StatusInternal || st == lisp.StatusExternal) && !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
		return lisp.List(out...)
	})
}
