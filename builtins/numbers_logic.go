package builtins

// The bitwise operations beyond and, or and xor: logeqv, lognand,
// lognor, logandc1, logandc2, logorc1, logorc2 and logtest, each the
// two's-complement operation on integers of any size.

import (
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerNumbersLogic() {
	numLogFn("logeqv", "Return the bitwise equivalence (exclusive nor) of the integers (-1 with none).", -1,
		func(a, b int64) int64 { return ^(a ^ b) },
		func(z, x, y *big.Int) *big.Int { return z.Not(z.Xor(x, y)) })
	notOf := func(x *big.Int) *big.Int { return new(big.Int).Not(x) }
	numLog2("lognand", "Return the complement of the bitwise and of the two integers.", func(z, a, b *big.Int) { z.Not(z.And(a, b)) })
	numLog2("lognor", "Return the complement of the bitwise or of the two integers.", func(z, a, b *big.Int) { z.Not(z.Or(a, b)) })
	numLog2("logandc1", "Return the bitwise and of the complement of the first integer with the second.", func(z, a, b *big.Int) { z.AndNot(b, a) })
	numLog2("logandc2", "Return the bitwise and of the first integer with the complement of the second.", func(z, a, b *big.Int) { z.AndNot(a, b) })
	numLog2("logorc1", "Return the bitwise or of the complement of the first integer with the second.", func(z, a, b *big.Int) { z.Or(notOf(a), b) })
	numLog2("logorc2", "Return the bitwise or of the first integer with the complement of the second.", func(z, a, b *big.Int) { z.Or(a, notOf(b)) })
	defun("logtest", "(integer-1 integer-2)", "True if the two integers have a 1 bit in common.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		a, b := numIntBig("logtest", args[0]), numIntBig("logtest", args[1])
		return lisp.Bool(a.And(a, b).Sign() != 0)
	})
}

// numLog2 registers a bitwise operation of exactly two integers; op
// writes the result of a and b into z.
func numLog2(name, doc string, op func(z, a, b *big.Int)) {
	defun(name, "(integer-1 integer-2)", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		a, b := numIntBig(name, args[0]), numIntBig(name, args[1])
		z := new(big.Int)
		op(z, a, b)
		return lisp.NormBig(z)
	})
}
