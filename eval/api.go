package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// CONTRACT: the names in this file are what package builtins and the
// embedding layer program against. Their signatures are fixed; the bodies
// are the evaluator's.

// Builtin is a function written in Go. Fn receives its arguments already
// evaluated; it signals errors by panicking with a *lisp.Condition (use
// lisp.TypeError, lisp.Errorf, lisp.SignalClass), which the evaluator turns
// into a Lisp condition. Min and Max bound the number of arguments (Max < 0:
// no upper bound); the evaluator checks them before calling Fn.
type Builtin struct {
	Name string // the Lisp name as source writes it, e.g. "car", "string="
	Args string // the lambda list shown by describe, e.g. "(list)"
	Doc  string // one line, shown by documentation and describe
	Min  int
	Max  int
	Fn   func(t *Thread, args []lisp.Value) lisp.Value

	// Fn1 and Fn2, when set, are entry points for exactly one and two
	// arguments that behave as Fn does with that many: the evaluator
	// calls them without building an argument slice. Each is used only
	// when its argument count is within Min and Max.
	Fn1 func(t *Thread, a lisp.Value) lisp.Value
	Fn2 func(t *Thread, a, b lisp.Value) lisp.Value
	// BorrowsArgs promises that Fn keeps no reference to its args slice
	// once it returns (it may keep the values); the evaluator may then
	// pass a reused buffer instead of a fresh slice.
	BorrowsArgs bool
}

// FunctionName implements lisp.Function.
func (b *Builtin) FunctionName() string { return b.Name }

// MacroFunc expands a macro form (the whole form, operator included) into
// another form.
type MacroFunc func(t *Thread, form lisp.Value) lisp.Value
