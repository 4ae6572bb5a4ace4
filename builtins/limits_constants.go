package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// implementationLimits are CL's constants for how many arguments,
// parameters and values a call may have and how long an array may be.
// nodelisp keeps each in a Go slice, so memory and the cell's limits bound
// them first; the constants take SBCL's values (most-positive-fixnum on
// 64 bits, less two for arrays) so that programs that print or compare
// them behave as they do there.
var implementationLimits = []struct {
	name  string
	value int64
}{
	{"call-arguments-limit", 1<<62 - 1},
	{"lambda-parameters-limit", 1<<62 - 1},
	{"multiple-values-limit", 1<<62 - 1},
	{"array-dimension-limit", 1<<62 - 3},
	{"array-total-size-limit", 1<<62 - 3},
}

func installLimitConstants(in *eval.Interp) {
	for _, l := range implementationLimits {
		in.DefineConstant(l.name, lisp.MakeInt(l.value))
	}
	for i, name := range booleOps {
		in.DefineConstant(name, lisp.MakeInt(int64(i)))
	}
}
