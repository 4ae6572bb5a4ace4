package eval

import "github.com/nodelisp/nodelisp/lisp"

// declare: the declarations nodelisp acts on are special (forms_bind.go)
// and the proclaimed ones; the others are advice it accepts. An
// identifier that is neither a standard declaration, nor a type, nor a
// name proclaimed with (proclaim '(declaration name)) is most likely a
// typo ((declare (ingore x))), so analysing it signals a warning, as
// SBCL's compiler does, and the form runs.

// standardDeclarations are CLHS 3.3.3's declaration identifiers.
var standardDeclarations = map[string]bool{
	"SPECIAL": true, "IGNORE": true, "IGNORABLE": true, "TYPE": true, "FTYPE": true,
	"INLINE": true, "NOTINLINE": true, "OPTIMIZE": true, "DYNAMIC-EXTENT": true, "DECLARATION": true,
}

// TypeNamed, set by the library of builtins (which knows the types),
// reports whether a symbol names a type: (declare (fixnum x)) is short
// for (declare (type fixnum x)).
var TypeNamed func(t *Thread, s *lisp.Symbol) bool

// splitBody is the package's splitBody for a body being analysed: the
// declarations it skips are checked.
func (a *analyzer) splitBody(body lisp.Value, allowDoc bool) (doc string, forms lisp.Value) {
	doc, forms = splitBody(body, allowDoc)
	for v := body; v != forms; {
		c := v.(*lisp.Cons)
		if d, ok := c.Car.(*lisp.Cons); ok && d.Car == symDeclare {
			a.checkDeclarations(d)
		}
		v = c.Cdr
	}
	return doc, forms
}

// sfDeclare is a declare where a form is evaluated, which the standard
// does not allow; nodelisp accepts it as nil, after the same check.
func sfDeclare(a *analyzer, form *lisp.Cons) *ir {
	a.checkDeclarations(form)
	return constIR(lisp.Nil)
}

// checkDeclarations warns of each declaration in (declare spec…) whose
// identifier is not known (knownDeclaration).
func (a *analyzer) checkDeclarations(form *lisp.Cons) {
	for _, item := range lisp.ListToSlice("declare", form.Cdr) { // a circular list is an error
		if spec, ok := item.(*lisp.Cons); ok {
			if id, ok := spec.Car.(*lisp.Symbol); ok && !a.t.knownDeclaration(id) {
				a.t.warnWith(&lisp.Condition{Class: lisp.ClassSimpleWarning,
					Message: "declare: unrecognized declaration " + lisp.Prin1ToString(spec) + " (it is ignored)"})
			}
		}
	}
}

// knownDeclaration reports whether id is a declaration identifier the
// evaluator accepts without a warning.
func (t *Thread) knownDeclaration(id *lisp.Symbol) bool {
	if standardDeclarations[id.Name] {
		return true
	}
	if t.IsDeclarationName(id) {
		return true
	}
	return TypeNamed != nil && TypeNamed(t, id)
}
