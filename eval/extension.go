package eval

import (
	"context"

	"github.com/nodelisp/nodelisp/lisp"
)

// Extension returns the value the library keeps in the image under key,
// making it with mk the first time: per-image state of library features
// (structure types, classes, generic functions) that the evaluator does
// not know about.
func (in *Interp) Extension(key any, mk func() any) any {
	if v, ok := in.ext[key]; ok {
		return v
	}
	if in.ext == nil {
		in.ext = map[any]any{}
	}
	v := mk()
	in.ext[key] = v
	return v
}

// Running returns the thread evaluating a cell in the image or, between
// cells, a fresh one under the image's limits. Program-defined
// print-object methods run on it: printing is reached from Go code that
// holds no thread, the host's printing of a cell's value among it.
func (in *Interp) Running() *Thread {
	if in.running != nil {
		return in.running
	}
	return in.newThread(context.Background())
}

// SetLiteralHook makes hook see every constant a form quotes (or that
// evaluates to itself) as the form is analysed, and return what the form
// stands for. The library resolves #S(…) literals with it: a cell is read
// whole before it runs, so they are read before their structure is
// defined. The hook runs only once the process has read such a literal.
func (in *Interp) SetLiteralHook(hook func(t *Thread, v lisp.Value) lisp.Value) { in.literal = hook }

func (a *analyzer) literal(v lisp.Value) lisp.Value {
	if a.in.literal == nil || !lisp.UnresolvedInstancesRead() {
		return v
	}
	switch v.(type) {
	case *lisp.Instance, *lisp.Cons, *lisp.Vector:
		return a.in.literal(a.t, v)
	}
	return v
}

// ApplyKeepingValues calls fn as Apply does but leaves fn's multiple
// values in the thread, for a builtin that returns what fn returned: a
// generic function returns its methods' values.
func (t *Thread) ApplyKeepingValues(fn lisp.Value, args []lisp.Value) lisp.Value {
	t.mvSet = false
	return t.callBorrowed(fn, args)
}

// TakeValues returns every value of the call that just returned v (made
// with ApplyKeepingValues), so that a builtin can return them again with
// Values after running other code.
func (t *Thread) TakeValues(v lisp.Value) []lisp.Value { return t.valuesOf(v) }

// NoteDefined records that the cell defined name, as defun does, for the
// library's defining forms (defstruct's accessors, defclass, defmethod).
func (t *Thread) NoteDefined(name *lisp.Symbol) { t.noteDefined(name) }
