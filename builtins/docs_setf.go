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

// docEntry is a string setf gave, and for a name the documentation its
// definition had then: a later definition with a string of its own
// (another defun, a defparameter) takes over again, as in SBCL.
type docEntry struct {
	doc lisp.Value
	was string
}

type docsSetKey struct{}

// docsSet returns the image's table of documentation set with setf.
func docsSet(t *eval.Thread) map[docKey]docEntry {
	return t.Interp().Extension(docsSetKey{}, func() any { return map[docKey]docEntry{} }).(map[docKey]docEntry)
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

// definitionDoc is the documentation a name's definition, or a generic
// function's defgeneric, gives it under key's type ("" for other objects
// and types).
func definitionDoc(t *eval.Thread, key docKey) string {
	if b, ok := key.object.(*eval.Builtin); ok && key.kind == "FUNCTION" {
		return b.Doc // a generic function's, which its defgeneric sets
	}
	sym, ok := key.object.(*lisp.Symbol)
	if !ok {
		return ""
	}
	info := t.Interp().Describe(sym)
	switch key.kind {
	case "FUNCTION":
		return info.Doc
	case "VARIABLE":
		return info.VarDoc
	}
	return ""
}

// setDocumentation returns the documentation setf gave x, if any, and
// its definition has not changed it since.
func setDocumentation(t *eval.Thread, x lisp.Value, kind *lisp.Symbol) (lisp.Value, bool) {
	key := keyOfDoc(x, kind)
	e, ok := docsSet(t)[key]
	if !ok || definitionDoc(t, key) != e.was {
		return nil, false
	}
	return e.doc, true
}

func registerDocsSetf() {
	defun("(setf documentation)", "(new-value x doc-type)", "Set the documentation string of x under doc-type (nil removes it); return new-value.", func(t *eval.Thread, a []lisp.Value) lisp.Value {
		const op = "(setf documentation)"
		if _, ok := a[0].(*lisp.String); !ok && a[0] != lisp.Value(lisp.Nil) {
			lisp.TypeError(op, a[0], "a string or nil")
		}
		key := keyOfDoc(a[1], symbolArg(op, a[2]))
		docsSet(t)[key] = docEntry{doc: a[0], was: definitionDoc(t, key)}
		return a[0]
	})
}
