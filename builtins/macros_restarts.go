package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The macros over restarts: with-simple-restart and
// with-condition-restarts. restart-case and restart-bind are special forms
// (package eval); these expand to them.

var (
	sRestartCase = lisp.Sym("restart-case")
	sFormat      = lisp.Sym("format")
	sStoreValue  = lisp.Sym("store-value")
	sContinue    = lisp.Sym("continue")
	kwReport     = lisp.Sym(":report")

	sCallWithConditionRestarts = lisp.Sym("%call-with-condition-restarts")
)

// expandWithSimpleRestart: (with-simple-restart (name control arg…) body…)
// is a restart-case whose one restart returns nil and t, reporting with
// the format control.
func expandWithSimpleRestart(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("with-simple-restart", form, 1, -1)
	spec := listOf("with-simple-restart", "restart specification", args[0])
	if len(spec) < 2 {
		lisp.SignalClass(lisp.ClassProgramError, "with-simple-restart: the restart specification %s needs a name and a format control", lisp.Prin1ToString(args[0]))
	}
	stream := gensym("STREAM")
	report := lisp.List(sLambda, lisp.List(stream), lisp.ListStar(lisp.List(spec[1:]...), sFormat, stream))
	clause := lisp.List(spec[0], lisp.Nil, kwReport, report, lisp.List(sValues, lisp.Nil, lisp.T))
	return lisp.List(sRestartCase, lisp.ListStar(lisp.List(args[1:]...), sProgn), clause)
}

// expandWithConditionRestarts runs the body as a function while the
// restarts are associated with the condition: find-restart and
// compute-restarts given another condition pass over them.
func expandWithConditionRestarts(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("with-condition-restarts", form, 2, -1)
	thunk := lisp.ListStar(lisp.List(args[2:]...), sLambda, lisp.Nil)
	return lisp.List(sCallWithConditionRestarts, args[0], args[1], thunk)
}
