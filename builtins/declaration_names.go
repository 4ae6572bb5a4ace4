package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// A name is a declaration or a type, never both (CLHS declaration): the
// forms that define a type first check, when they run, that the name was
// not proclaimed a declaration; proclaim (eval) asks namesType before it
// makes a name a declaration.

var (
	sRefuseDeclarationName = lisp.Sym("%refuse-declaration-name")
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
