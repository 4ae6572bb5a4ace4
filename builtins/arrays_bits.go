package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The bitwise operations on bit vectors: (bit-and a b [result]) and its
// kin, and bit-not. The optional result is t (store into the first
// argument), nil or absent (a fresh bit vector) or a bit vector.

// bitOps is a list, not a map: the library index finds a builtin by the
// order of registration, which must not change from run to run.
var bitOps = []struct {
	name string
	op   func(a, b int) int
}{
	{"bit-and", func(a, b int) int { return a & b }},
	{"bit-ior", func(a, b int) int { return a | b }},
	{"bit-xor", func(a, b int) int { return a ^ b }},
	{"bit-eqv", func(a, b int) int { return 1 ^ (a ^ b) }},
	{"bit-nand", func(a, b int) int { return 1 ^ (a & b) }},
	{"bit-nor", func(a, b int) int { return 1 ^ (a | b) }},
	{"bit-andc1", func(a, b int) int { return (1 ^ a) & b }},
	{"bit-andc2", func(a, b int) int { return a & (1 ^ b) }},
	{"bit-orc1", func(a, b int) int { return (1 ^ a) | b }},
	{"bit-orc2", func(a, b int) int { return a | (1 ^ b) }},
}

func registerBitOps() {
	for _, b := range bitOps {
		name, op := b.name, b.op
		defun(name, "(bit-array-1 bit-array-2 &optional result)", "Combine two bit vectors bit by bit into result (a fresh one by default, the first when t).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			a, b := arrBitVector(name, args[0]), arrBitVector(name, args[1])
			as, bs := wholeBitArray(a), wholeBitArray(b)
			if len(as) != len(bs) {
				lisp.Errorf("%s: the bit vectors have different lengths, %d and %d", name, len(as), len(bs))
			}
			out := bitResult(name, a, args[2:])
			outs := wholeBitArray(out)
			for i := range as {
				outs[i] = lisp.Fixnum(op(int(as[i].(lisp.Fixnum)), int(bs[i].(lisp.Fixnum))))
			}
			return out
		})
	}
	defun("bit-not", "(bit-array &optional result)", "Invert every bit of a bit vector into result (a fresh one by default, the argument when t).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		a := arrBitVector("bit-not", args[0])
		as := wholeBitArray(a)
		out := bitResult("bit-not", a, args[1:])
		outs := wholeBitArray(out)
		for i := range as {
			outs[i] = lisp.Fixnum(1 ^ int(as[i].(lisp.Fixnum)))
		}
		return out
	})
}

// wholeBitArray is every bit of a bit vector, past its fill pointer too: the
// bit operations work on the arrays' dimensions, which a fill pointer
// does not change (CLHS bit-and).
func wholeBitArray(v *lisp.Vector) []lisp.Value {
	if v.FillPointer {
		return v.Items[:cap(v.Items)]
	}
	return v.Items
}

// bitResult is where a bit operation on a stores its bits.
func bitResult(op string, a *lisp.Vector, opt []lisp.Value) *lisp.Vector {
	n := len(wholeBitArray(a))
	if len(opt) == 0 || opt[0] == lisp.Value(lisp.Nil) {
		return &lisp.Vector{Items: make([]lisp.Value, n), Bits: true}
	}
	if opt[0] == lisp.Value(lisp.T) {
		return a
	}
	r := arrBitVector(op, opt[0])
	if m := len(wholeBitArray(r)); m != n {
		lisp.Errorf("%s: the result bit vector has length %d, not %d", op, m, n)
	}
	return r
}
