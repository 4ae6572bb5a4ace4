package builtins

// Integers as two's-complement bit strings: ash, logand, logior, logxor,
// lognot, logbitp, logcount, integer-length.

import (
	"math/big"
	"math/bits"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// numMaxShift caps a left shift's result size in bits.
const numMaxShift = lisp.MaxIntegerBits

func registerNumbersBits() {
	defun("ash", "(integer count)", "Shift the integer left by count bits (right when count is negative).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := numIntBig("ash", args[0])
		c, ok := args[1].(lisp.Fixnum)
		if !ok {
			if lisp.IsInteger(args[1]) && lisp.Sign("ash", args[1]) < 0 {
				if n.Sign() < 0 {
					return lisp.MakeInt(-1)
				}
				return lisp.MakeInt(0)
			}
			lisp.TypeError("ash", args[1], "a fixnum")
		}
		if c >= 0 {
			if n.Sign() != 0 && int64(n.BitLen())+int64(c) > numMaxShift {
				lisp.Errorf("ash: the result of shifting by %d is too large", c)
			}
			return lisp.NormBig(n.Lsh(n, uint(c)))
		}
		if -c > 1<<30 {
			c = -(1 << 30)
		}
		return lisp.NormBig(n.Rsh(n, uint(-c))) // arithmetic shift: floors
	})
	numLogFn("logand", "Return the bitwise and of the integers (-1 with none).", -1, func(a, b int64) int64 { return a & b }, (*big.Int).And)
	numLogFn("logior", "Return the bitwise inclusive or of the integers (0 with none).", 0, func(a, b int64) int64 { return a | b }, (*big.Int).Or)
	numLogFn("logxor", "Return the bitwise exclusive or of the integers (0 with none).", 0, func(a, b int64) int64 { return a ^ b }, (*big.Int).Xor)
	defun("lognot", "(integer)", "Return the bitwise complement of the integer.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if x, ok := args[0].(lisp.Fixnum); ok {
			return lisp.MakeInt(int64(^x))
		}
		n := numIntBig("lognot", args[0])
		return lisp.NormBig(n.Not(n))
	})
	defun("logbitp", "(index integer)", "True if bit index of the integer (in two's complement) is 1.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		i := indexArg("logbitp", args[0])
		n := numIntBig("logbitp", args[1])
		if n.Sign() < 0 {
			n.Not(n)
			return lisp.Bool(n.Bit(i) == 0)
		}
		return lisp.Bool(n.Bit(i) == 1)
	})
	defun("logcount", "(integer)", "Return the number of 1 bits of a non-negative integer, or of 0 bits of a negative one.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := numIntBig("logcount", args[0])
		if n.Sign() < 0 {
			n.Not(n)
		}
		c := 0
		for _, w := range n.Bits() {
			c += bits.OnesCount(uint(w))
		}
		return lisp.MakeInt(int64(c))
	})
	defun("integer-length", "(integer)", "Return the number of bits needed to hold the integer in two's complement, without the sign bit.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := numIntBig("integer-length", args[0])
		if n.Sign() < 0 {
			n.Not(n)
		}
		return lisp.MakeInt(int64(n.BitLen()))
	})
}

func numLogFn(name, doc string, identity int64, fix func(a, b int64) int64, op func(z, x, y *big.Int) *big.Int) {
	defun(name, "(&rest integers)", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		acc := identity
		i := 0
		for ; i < len(args); i++ {
			x, ok := args[i].(lisp.Fixnum)
			if !ok {
				break
			}
			acc = fix(acc, int64(x))
		}
		if i == len(args) {
			return lisp.MakeInt(acc)
		}
		z := big.NewInt(acc)
		for ; i < len(args); i++ {
			op(z, z, numIntBig(name, args[i]))
		}
		return lisp.NormBig(z)
	})
}
