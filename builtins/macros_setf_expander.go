package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// define-setf-expander: the general way to teach setf a place. The
// expander is kept as a function of the place's arguments, under a name of
// its own, returning the five values of a setf expansion as a list (temps,
// their value forms, the store variables, the store form and the access
// form); setf consults it, as a defsetf, before macroexpanding the place.

func setfExpanderName(accessor *lisp.Symbol) *lisp.Symbol {
	return lisp.DerivedName("SETF-EXPANDER", accessor)
}

func hasSetfExpander(t *eval.Thread, accessor *lisp.Symbol) bool {
	return t != nil && t.Interp().Describe(setfExpanderName(accessor)).Kind == "function"
}

func expandDefineSetfExpander(t *eval.Thread, form lisp.Value) lisp.Value {
	const op = "define-setf-expander"
	args := macroArgs(op, form, 2, -1)
	access, ok := args[0].(*lisp.Symbol)
	if !ok || access.Keyword || access == lisp.Nil {
		syntaxError(op, "%s is not a function name", lisp.Prin1ToString(args[0]))
	}
	// The lambda list is destructuring-bind's, &environment included:
	// its variable is bound to nil, nodelisp having no environment
	// objects, which get-setf-expansion and macroexpand accept.
	whole := gensym("ARGS")
	body := args[2:]
	if len(body) > 1 {
		if _, ok := body[0].(*lisp.String); ok {
			body = body[1:] // the documentation string
		}
	}
	decls, forms := splitDeclarations(body)
	inner := concat([]lisp.Value{lisp.Sym("destructuring-bind"), args[1], whole}, decls,
		[]lisp.Value{lisp.List(lisp.Sym("multiple-value-list"), lisp.ListStar(lisp.List(forms...), sBlock, access))})
	return lisp.List(sProgn,
		lisp.List(sDefun, setfExpanderName(access), lisp.List(sAmpRest, whole), lisp.List(inner...)),
		quoted(access))
}

// expanderPlace builds a place from a define-setf-expander's five values.
func expanderPlace(t *eval.Thread, op string, form lisp.Value, head *lisp.Symbol, args []lisp.Value) place {
	parts := listOf(op, "setf expansion", t.Call(setfExpanderName(head), args...))
	if len(parts) != 5 {
		syntaxError(op, "the setf expander of %s returned %d values, not 5", lisp.Prin1ToString(head), len(parts))
	}
	temps := listOf(op, "setf expansion", parts[0])
	vals := listOf(op, "setf expansion", parts[1])
	stores := listOf(op, "setf expansion", parts[2])
	if len(temps) != len(vals) {
		syntaxError(op, "the setf expander of %s returned %d temporaries for %d value forms", lisp.Prin1ToString(head), len(temps), len(vals))
	}
	if len(stores) == 0 {
		syntaxError(op, "the setf expander of %s has no store variable", lisp.Prin1ToString(head))
	}
	vars := make([]*lisp.Symbol, len(stores))
	for i, v := range stores {
		s, ok := v.(*lisp.Symbol)
		if !ok {
			syntaxError(op, "the setf expander of %s returned a store %s that is not a variable", lisp.Prin1ToString(head), lisp.Prin1ToString(v))
		}
		vars[i] = s
	}
	bs := make([]binding, len(temps))
	for i := range temps {
		bs[i] = binding{temps[i], vals[i]}
	}
	return place{temps: bs, store: vars[0], more: vars[1:], read: parts[4], write: parts[3]}
}
