package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// deftype and (setf symbol-function). A deftype defines its expander as a
// function under a name of its own, |(DEFTYPE NAME)|, so that typep (and
// what is built on it: typecase, check-type) can expand a user type to
// the specifier it stands for.

func registerDeftype() {
	macro("deftype", "(deftype name lambda-list body…) defines a type name that expands to the type specifier body returns.", typeDefinition("deftype", expandDeftype))
	defun("%set-symbol-function", "(symbol function)", "Make function the global function of symbol and return it (the setf of symbol-function and fdefinition).", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		t.SetFunction("setf symbol-function", symbolArg("setf symbol-function", a[0]), a[1])
		return a[1]
	})
}

func deftypeName(name *lisp.Symbol) *lisp.Symbol { return lisp.DerivedName("DEFTYPE", name) }

func expandDeftype(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("deftype", form, 2, -1)
	name, ok := args[0].(*lisp.Symbol)
	if !ok || name.Keyword || name == lisp.Nil {
		syntaxError("deftype", "%s is not a type name", lisp.Prin1ToString(args[0]))
	}
	return lisp.List(sProgn,
		lisp.ListStar(lisp.List(deftypeBody(name, args[2:])...), sDefun, deftypeName(name), deftypeLambdaList(args[1])),
		quoted(name))
}

// deftypeBody wraps deftype's forms in a block named by the type, as the
// standard says (so (return-from name 'integer) returns the expansion),
// after the documentation string and declarations, which stay outside it.
// The expander's own defun is named |(DEFTYPE NAME)|, whose block would
// have the wrong name.
func deftypeBody(name *lisp.Symbol, body []lisp.Value) []lisp.Value {
	i := 0
	for i < len(body) {
		if c, ok := body[i].(*lisp.Cons); ok && c.Car == lisp.Value(sDeclare) {
			i++
			continue
		}
		if _, ok := body[i].(*lisp.String); ok && i < len(body)-1 {
			i++
			continue
		}
		break
	}
	out := append([]lisp.Value{}, body[:i]...)
	return append(out, lisp.ListStar(lisp.List(body[i:]...), sBlock, name))
}

// deftypeLambdaList gives the optional and keyword parameters that have
// no default the default *, as deftype's lambda lists do.
func deftypeLambdaList(ll lisp.Value) lisp.Value {
	var out []lisp.Value
	defaulting := false
	for _, p := range listOf("deftype", "lambda list", ll) {
		if s, ok := p.(*lisp.Symbol); ok {
			switch s.Name {
			case "&OPTIONAL", "&KEY":
				defaulting = true
				out = append(out, p)
				continue
			case "&REST", "&BODY", "&AUX", "&ALLOW-OTHER-KEYS", "&WHOLE", "&ENVIRONMENT":
				defaulting = false
				out = append(out, p)
				continue
			}
			if defaulting {
				p = lisp.List(s, quoted(lisp.Intern("*")))
			}
		}
		out = append(out, p)
	}
	return lisp.List(out...)
}

// maxTypeExpansions bounds how many times one typep expands user types,
// so that a deftype defined in terms of itself is an error, not a hang.
const maxTypeExpansions = 100

// userTypeExpansion expands spec while it names a deftype, reporting
// false when it never did.
func userTypeExpansion(t *eval.Thread, spec lisp.Value) (lisp.Value, bool) {
	expanded := false
	for i := 0; ; i++ {
		var head *lisp.Symbol
		var args []lisp.Value
		switch s := spec.(type) {
		case *lisp.Symbol:
			head = s
		case *lisp.Cons:
			h, ok := s.Car.(*lisp.Symbol)
			if !ok {
				return spec, expanded
			}
			head, args = h, lisp.ListToSlice("typep", s.Cdr)
		default:
			return spec, expanded
		}
		if head.Keyword || t == nil {
			return spec, expanded
		}
		name := deftypeName(head)
		if t.Interp().Describe(name).Kind != "function" {
			return spec, expanded
		}
		if i == maxTypeExpansions {
			lisp.Errorf("typep: the type %s expands more than %d times", lisp.Prin1ToString(head), maxTypeExpansions)
		}
		spec = t.Call(name, args...)
		expanded = true
	}
}
