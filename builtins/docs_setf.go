package builtins

// (setf documentation): the strings a program gives objects after they
// are defined. They live in the image, beside the objects, since the
// library's own functions are shared by every image and never change.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// docKey is an object and the documentation type it is documented under.
type docKey struct {
	object lisp.Value
	kind   string
}

type docsSetKey struct{}

// docsSet returns the image's table of documentation set with setf.
func docsSet(t *eval.Thread) map[docKey]lisp.Value {
	return t.Interp().Extension(docsSetKey{}, func() any { return map[docKey]lisp.Value{} }).(map[docKey]lisp.Value)
}

// keyOfDoc is the key of x's documentation of type kind: for a function
// or a function name, t and function are one type.
func keyOfDoc(x lisp.Value, kind *lisp.Symbol) docKey {
	k := kind.Name
	if k == "T" {
		switch x.(type) {
		case lisp.Function, *lisp.Symbol:
			k = "FUNCTION"
		}
	}
	return docKey{object: x, kind: k}
}

// setDocumentation returns the documentation setf gave x, if any.
func setDocumentation(t *eval.Thread, x lisp.Value, kind *lisp.Symbol) (lisp.Value, bool) {
	v, ok := docsSet(t)[keyOfDoc(x, kind)]
	return v, ok
}

func registerDocsSetf() {
	defun("(setf documentation)", "(new-value x doc-type)", "Set the documentation string of x under doc-type (nil removes it); return new-value.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "(setf documentation)"
		if _, ok := a[0].(*lisp.String); !ok && a[0] != lisp.Value(lisp.Nil) {
			lisp.TypeError(op, a[0], "a string or nil")
		}
		docsSet(t)[keyOfDoc(a[1], symbolArg(op, a[2]))] = a[0]
		return a[0]
	})
}
