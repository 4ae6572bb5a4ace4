package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// A name is a declaration or a type, never both (CLHS declaration): the
// forms that define a type first check, when they run, that the name was
// not proclaimed a declaration, and proclaim refuses to make a type's name
// a declaration.

var (
	sRefuseDeclarationName = lisp.Sym("%refuse-declaration-name")
	sDeclaration           = lisp.Sym("declaration")
)

func registerDeclarationNames() {
	defun("%refuse-declaration-name", "(operator name)", "Signals an error when name was proclaimed a declaration, which operator cannot then define as a type (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			t.RefuseTypeNamedLikeDeclaration(symbolArg("%refuse-declaration-name", args[0]).Name, symbolArg("%refuse-declaration-name", args[1]))
			return lisp.Nil
		})
}

// typeDefinition wraps the expander of a macro that defines a type named
// by its first argument ((deftype name …), (defstruct (name option…) …))
// so that its expansion first makes the check.
func typeDefinition(op string, expand eval.MacroFunc) eval.MacroFunc {
	return func(t *eval.Thread, form lisp.Value) lisp.Value {
		expansion := expand(t, form)
		name := lisp.Car(lisp.Cdr(form))
		if c, ok := name.(*lisp.Cons); ok {
			name = c.Car
		}
		return lisp.List(sProgn, lisp.List(sRefuseDeclarationName, quoted(lisp.Sym(op)), quoted(name)), expansion)
	}
}

// proclaimChecked proclaims spec, first refusing a (declaration name…)
// that names a type: a symbol typep knows as a type specifier.
func proclaimChecked(t *eval.Thread, op string, spec lisp.Value) {
	if c, ok := spec.(*lisp.Cons); ok && c.Car == lisp.Value(sDeclaration) {
		for v := c.Cdr; ; {
			item, ok := v.(*lisp.Cons)
			if !ok {
				break
			}
			if s, ok := item.Car.(*lisp.Symbol); ok && namesType(t, s) {
				lisp.Errorf("%s: %s names a type, so it cannot be a declaration name", op, lisp.Prin1ToString(s))
			}
			v = item.Cdr
		}
	}
	t.Proclaim(op, spec)
}

// namesType reports whether typep accepts the symbol as a type.
func namesType(t *eval.Thread, s *lisp.Symbol) (known bool) {
	defer func() {
		if x := recover(); x != nil {
			if _, ok := x.(*lisp.Condition); !ok {
				panic(x)
			}
			known = false
		}
	}()
	predTypep(t, lisp.Nil, s)
	return true
}

func init() {
	// The evaluator warns of a declaration it does not know, unless the
	// identifier names a type, which only the library can tell.
	eval.TypeNamed = namesType
}
