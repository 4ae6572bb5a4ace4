package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Fast entry points for the builtins that programs call in their inner
// loops (see eval.Builtin): each helper applies to the builtin registered
// just before it, so it sits next to that builtin's definition. An entry
// point must behave exactly as Fn does with that many arguments.

func lastRegistered() *eval.Builtin { return functions[len(functions)-1] }

// fast1 gives the last builtin a one-argument entry point.
func fast1(f func(t *eval.Thread, a lisp.Value) lisp.Value) { lastRegistered().Fn1 = f }

// fast2 gives the last builtin a two-argument entry point.
func fast2(f func(t *eval.Thread, a, b lisp.Value) lisp.Value) { lastRegistered().Fn2 = f }

// borrowsArgs records that the last builtin keeps no reference to its
// argument slice after it returns.
func borrowsArgs() { lastRegistered().BorrowsArgs = true }
