package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func installLimitConstants(in *eval.Interp) {
	for i, name := range booleOps {
		in.DefineConstant(name, lisp.MakeInt(int64(i)))
	}
}
