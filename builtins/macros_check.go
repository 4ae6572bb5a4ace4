package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// assert and check-type, and the restart macros (macros_restarts.go), in
// one group. assert signals a simple-error (or the condition its datum
// names) with a continue restart that tests again; check-type a
// simple-type-error with a store-value restart that stores its value in
// the place and checks again, with SBCL's wording after the operator name.

var (
	sAssertFailed    = lisp.Sym("%assert-failed")
	sCheckTypeFailed = lisp.Sym("%check-type-failed")
)

func registerMacrosCheck() {
	macro("assert", "(assert test [(place…) [datum arg…]]) signals an error unless test is true.", expandAssert)
	macro("check-type", "(check-type place type [description]) signals a type-error unless place holds a value of type.", expandCheckType)
	macro("with-simple-restart", "(with-simple-restart (name control arg…) form…) runs the forms with a restart NAME that returns nil and t.", expandWithSimpleRestart)
	macro("with-condition-restarts", "(with-condition-restarts condition restarts form…) runs the forms with the restarts associated with the condition.", expandWithConditionRestarts)
	defun("%assert-failed", "(test-form)", "Signals the error of a failed assert (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			lisp.Errorf("assert: the assertion %s failed", lisp.Prin1ToString(args[0]))
			return nil
		})
	defun("%check-type-failed", "(place value type [description])", "Signals the type-error of a failed check-type (internal).",
		func(t *eval.Thread, args []lisp.Value) lisp.Value {
			what := "of type " + lisp.Prin1ToString(args[2])
			if len(args) == 4 {
				what = stringArg("check-type", args[3])
			}
			panic(&lisp.Condition{
				Class: lisp.ClassSimpleTypeError,
				Message: "check-type: the value of " + lisp.Prin1ToString(args[0]) + " is " +
					lisp.Prin1ToString(args[1]) + ", which is not " + what,
				Datum:    args[1],
				Expected: args[2],
			})
		})
}

func expandAssert(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("assert", form, 1, -1)
	if len(args) > 1 {
		listOf("assert", "place list", args[1])
	}
	fail := lisp.List(sAssertFailed, quoted(args[0]))
	if len(args) > 2 {
		fail = lisp.ListStar(lisp.List(args[2:]...), sError)
	}
	again := gensym("AGAIN")
	retry := lisp.List(sRestartCase, fail, lisp.List(sContinue, lisp.Nil, kwReport, lisp.NewString("Retry assertion."), lisp.List(sGo, again)))
	return lisp.List(sBlock, lisp.Nil, lisp.List(sTagbody, again, lisp.List(sUnless, args[0], retry)))
}

func expandCheckType(t *eval.Thread, form lisp.Value) lisp.Value {
	args := macroArgs("check-type", form, 2, 3)
	fail := []lisp.Value{sCheckTypeFailed, quoted(args[0]), args[0], quoted(args[1])}
	if len(args) == 3 {
		fail = append(fail, args[2])
	}
	again, v := gensym("AGAIN"), gensym("VALUE")
	store := lisp.List(sStoreValue, lisp.List(v), lisp.List(sSetf, args[0], v), lisp.List(sGo, again))
	check := lisp.List(sUnless, lisp.List(sTypep, args[0], quoted(args[1])), lisp.List(sRestartCase, lisp.List(fail...), store))
	return lisp.List(sBlock, lisp.Nil, lisp.List(sTagbody, again, check))
}

var sSetf = lisp.Sym("setf")
