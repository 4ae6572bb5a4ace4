// Package builtins is the Common Lisp library of nodelisp: the functions
// and macros of SPEC §1 written in Go, over the values of package lisp and
// the evaluator of package eval. It holds nothing that touches files, the
// network or the log; hosts add those.
//
// Each file registers its group of builtins from an init function; Install
// puts every registered builtin and macro into an interpreter.
package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The registries are sized for the library, and builtins are carved from
// blocks: start-up registers some seven hundred of them.
var (
	functions     = make([]*eval.Builtin, 0, 1024)
	macros        = make([]macroDef, 0, 160)
	spareBuiltins []eval.Builtin
)

type macroDef struct {
	name, doc string
	expand    eval.MacroFunc
}

// fn registers a builtin function.
func fn(name string, min, max int, args, doc string, f func(t *eval.Thread, args []lisp.Value) lisp.Value) {
	if len(spareBuiltins) == 0 {
		spareBuiltins = make([]eval.Builtin, 128)
	}
	b := &spareBuiltins[0]
	spareBuiltins = spareBuiltins[1:]
	*b = eval.Builtin{Name: name, Min: min, Max: max, Args: args, Doc: doc, Fn: f}
	functions = append(functions, b)
}

// macro registers a macro written in Go.
func macro(name, doc string, expand eval.MacroFunc) {
	macros = append(macros, macroDef{name, doc, expand})
}

// Install defines every builtin and macro of the library in in.
func Install(in *eval.Interp) {
	for _, b := range functions {
		in.Define(b)
	}
	for _, m := range macros {
		in.DefineMacro(m.name, m.doc, m.expand)
	}
}
