package builtins

// boole and its sixteen operation constants.

import (
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// booleOps are the constants boole-clr … boole-orc2 with SBCL's values,
// which are their places here.
var booleOps = [...]string{
	"boole-clr", "boole-set", "boole-1", "boole-2", "boole-c1", "boole-c2",
	"boole-and", "boole-ior", "boole-xor", "boole-eqv", "boole-nand", "boole-nor",
	"boole-andc1", "boole-andc2", "boole-orc1", "boole-orc2",
}

func registerNumbersBoole() {
	defun("boole", "(op integer-1 integer-2)", "Return the bitwise operation op (one of the boole- constants) of the two integers.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		op, ok := args[0].(lisp.Fixnum)
		if !ok || op < 0 || int(op) >= len(booleOps) {
			lisp.TypeError("boole", args[0], "one of the boole- constants")
		}
		for _, a := range args[1:] {
			if !lisp.IsInteger(a) {
				lisp.TypeError("boole", a, "an integer")
			}
		}
		a, b := lisp.ToBig(args[1]), lisp.ToBig(args[2])
		z := new(big.Int)
		not := func(x *big.Int) *big.Int { return new(big.Int).Not(x) }
		switch booleOps[op] {
		case "boole-clr":
		case "boole-set":
			z.SetInt64(-1)
		case "boole-1":
			z = a
		case "boole-2":
			z = b
		case "boole-c1":
			z = not(a)
		case "boole-c2":
			z = not(b)
		case "boole-and":
			z.And(a, b)
		case "boole-ior":
			z.Or(a, b)
		case "boole-xor":
			z.Xor(a, b)
		case "boole-eqv":
			z = not(z.Xor(a, b))
		case "boole-nand":
			z = not(z.And(a, b))
		case "boole-nor":
			z = not(z.Or(a, b))
		case "boole-andc1":
			z.And(not(a), b)
		case "boole-andc2":
			z.And(a, not(b))
		case "boole-orc1":
			z.Or(not(a), b)
		case "boole-orc2":
			z.Or(a, not(b))
		}
		return lisp.NormBig(z)
	})
}
