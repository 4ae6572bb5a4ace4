package builtins

// Byte specifiers and the fields of integers they name: byte, byte-size,
// byte-position, ldb, ldb-test, mask-field, dpb and deposit-field. A byte
// specifier is the cons (size . position), as SBCL makes it.

import (
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerNumbersBytes() {
	defun("byte", "(size position)", "Return the byte specifier of size bits starting at bit position.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		indexArg("byte", args[0])
		indexArg("byte", args[1])
		return &lisp.Cons{Car: args[0], Cdr: args[1]}
	})
	defun("byte-size", "(bytespec)", "Return the size of the byte specifier.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		size, _ := byteSpecArg("byte-size", args[0])
		return lisp.MakeInt(int64(size))
	})
	defun("byte-position", "(bytespec)", "Return the position of the byte specifier.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		_, pos := byteSpecArg("byte-position", args[0])
		return lisp.MakeInt(int64(pos))
	})
	defun("ldb", "(bytespec integer)", "Return the bits of the integer the byte specifier names, shifted down to bit 0.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		size, pos := byteSpecArg("ldb", args[0])
		n := numIntBig("ldb", args[1])
		n.Rsh(n, uint(pos))
		return lisp.NormBig(n.And(n, byteMask(size, 0)))
	})
	defun("ldb-test", "(bytespec integer)", "True if any bit of the integer the byte specifier names is 1.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		size, pos := byteSpecArg("ldb-test", args[0])
		n := numIntBig("ldb-test", args[1])
		return lisp.Bool(n.And(n, byteMask(size, pos)).Sign() != 0)
	})
	defun("mask-field", "(bytespec integer)", "Return the integer with every bit outside the byte specifier cleared.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		size, pos := byteSpecArg("mask-field", args[0])
		n := numIntBig("mask-field", args[1])
		return lisp.NormBig(n.And(n, byteMask(size, pos)))
	})
	defun("dpb", "(newbyte bytespec integer)", "Return the integer with the field the byte specifier names replaced by the low bits of newbyte.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		size, pos := byteSpecArg("dpb", args[1])
		nb := numIntBig("dpb", args[0])
		return byteDeposit(nb.Lsh(nb, uint(pos)), numIntBig("dpb", args[2]), byteMask(size, pos))
	})
	defun("deposit-field", "(newbyte bytespec integer)", "Return the integer with the field the byte specifier names replaced by the same field of newbyte.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		size, pos := byteSpecArg("deposit-field", args[1])
		return byteDeposit(numIntBig("deposit-field", args[0]), numIntBig("deposit-field", args[2]), byteMask(size, pos))
	})
}

// byteSpecArg returns a byte specifier's size and position, each bounded
// so that the mask it makes stays within the integer size limit.
func byteSpecArg(op string, v lisp.Value) (size, pos int) {
	c, ok := v.(*lisp.Cons)
	if !ok {
		lisp.TypeError(op, v, "a byte specifier")
	}
	s, sok := c.Car.(lisp.Fixnum)
	p, pok := c.Cdr.(lisp.Fixnum)
	if !sok || !pok || s < 0 || p < 0 {
		lisp.TypeError(op, v, "a byte specifier")
	}
	if int64(s)+int64(p) > lisp.MaxIntegerBits {
		lisp.Errorf("%s: the byte specifier %s reaches past bit %d, the largest integer nodelisp makes", op, lisp.Prin1ToString(v), lisp.MaxIntegerBits)
	}
	return int(s), int(p)
}

// byteMask is size one bits starting at bit pos.
func byteMask(size, pos int) *big.Int {
	m := new(big.Int).Lsh(big.NewInt(1), uint(size))
	m.Sub(m, big.NewInt(1))
	return m.Lsh(m, uint(pos))
}

// byteDeposit is integer with the bits of mask taken from bits instead.
func byteDeposit(bits, integer, mask *big.Int) lisp.Value {
	integer.AndNot(integer, mask)
	return lisp.NormBig(integer.Or(integer, bits.And(bits, mask)))
}
