package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// *readtable*: each image starts with its own copy of the standard
// readtable, and the reader reads with whatever the variable holds when
// it reads (a cell's forms after one that changed it are read again,
// run.go).

var symReadtable = lisp.Sym("*readtable*")

// Readtable is the current *readtable*. A binding to anything else is a
// type error naming the variable, and the variable goes back to a fresh
// standard readtable so that the image can still read.
func (t *Thread) Readtable() *reader.Readtable {
	return t.in.readtableNow()
}

func (in *Interp) readtableNow() *reader.Readtable {
	c := in.printVars.readtable
	if rt, ok := c.value.(*reader.Readtable); ok {
		return rt
	}
	bad := c.value
	c.value = reader.NewReadtable()
	lisp.SignalClass(lisp.ClassTypeError, "*readtable*: %s is not a readtable; it is set to a copy of the standard readtable", lisp.Prin1ToString(bad))
	return nil
}

// currentReadtable is *readtable* between cells, never signalling: a
// value that is no readtable reads as the standard one.
func (in *Interp) currentReadtable() *reader.Readtable {
	if rt, ok := in.printVars.readtable.value.(*reader.Readtable); ok {
		return rt
	}
	return reader.StandardReadtable()
}

// MacroCall is what the reader calls a program's reader macro function
// with while a builtin (read, read-from-string) reads: the function runs
// in the thread, and a condition it signals goes up as its own.
func (t *Thread) MacroCall() reader.MacroCall {
	return func(fn lisp.Value, args []lisp.Value) ([]lisp.Value, error) {
		return t.valuesOf(t.ApplyKeepingValues(fn, args)), nil
	}
}

// ReadEnv is what a builtin reads with: *package*, *read-base*,
// *readtable*, and #. and reader macros run in the thread; readEval is
// #.'s evaluator (nil refuses #.).
func (t *Thread) ReadEnv(readEval reader.ReadEval) reader.Env {
	opts := t.ReadOptions()
	return reader.Env{Packages: opts.Packages, Package: opts.Package, Base: opts.Base,
		ReadEval: readEval, Readtable: t.Readtable(), MacroCall: t.MacroCall()}
}

// cellReadEnv is what a cell's form is read with just before it runs:
// as ReadEnv, but an error in #.'s form or a reader macro function ends
// the cell as the reader's error placed at the form, the thread
// restored.
func (t *Thread) cellReadEnv(cell *reader.Cell, i int) reader.Env {
	return reader.Env{Packages: t.in.packages, Package: t.in.CurrentPackage(),
		ReadEval: t.readEval(cell, i), Readtable: t.in.currentReadtable(),
		MacroCall: func(fn lisp.Value, args []lisp.Value) ([]lisp.Value, error) {
			return t.protectedCall(fn, args, cell, i)
		}}
}

// protectedCall calls fn at the top of the thread, turning a signalled
// condition into an error as protectedTop does for a form.
func (t *Thread) protectedCall(fn lisp.Value, args []lisp.Value, cell *reader.Cell, i int) ([]lisp.Value, error) {
	form := lisp.List(append([]lisp.Value{lisp.Sym("funcall"), quoteForm(fn)}, quoteAll(args)...)...)
	return t.protectedTop(form, cell, i)
}

func quoteForm(v lisp.Value) lisp.Value { return lisp.List(lisp.Sym("quote"), v) }

func quoteAll(vs []lisp.Value) []lisp.Value {
	out := make([]lisp.Value, len(vs))
	for i, v := range vs {
		out[i] = quoteForm(v)
	}
	return out
}

// StandardSyntax reports whether *readtable* reads as the standard
// readtable does. When it does not, a cell that did not read ahead in the
// standard syntax may still read when it runs (read live from its start):
// a host runs it rather than refusing it, unless it is incomplete.
func (in *Interp) StandardSyntax() bool { return in.currentReadtable().Pristine() }
