package eval

import "github.com/nodelisp/nodelisp/lisp"

// Declaration names: (proclaim '(declaration name…)) tells the evaluator
// to accept (declare (name …)) without complaint. The standard forbids a
// name to be both a declaration and a type (CLHS declaration): once a
// name is proclaimed a declaration, defining a type, structure, class or
// condition by it is an error, and builtins' proclaim refuses a name that
// already names a type.

type declarationNamesKey struct{}

func (in *Interp) declarationNames() map[*lisp.Symbol]bool {
	return in.Extension(declarationNamesKey{}, func() any { return map[*lisp.Symbol]bool{} }).(map[*lisp.Symbol]bool)
}

// IsDeclarationName reports whether name was proclaimed a declaration.
func (t *Thread) IsDeclarationName(name *lisp.Symbol) bool {
	return t.in.declarationNames()[name]
}

// RefuseTypeNamedLikeDeclaration signals the error of defining a type
// (op: deftype, defstruct, defclass, define-condition) whose name was
// proclaimed a declaration.
func (t *Thread) RefuseTypeNamedLikeDeclaration(op string, name *lisp.Symbol) {
	if t.IsDeclarationName(name) {
		lisp.Errorf("%s: %s was proclaimed a declaration name, so it cannot name a type", op, printName(name))
	}
}
