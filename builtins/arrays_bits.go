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
			if len(a.Items) != len(b.Items) {
				lisp.Errorf("%s: the bit vectors have different lengths, %d and %d", name, len(a.Items), len(b.Items))
			}
			out := bitResult(name, a, args[2:])
			for i := range a.Items {
				out.Items[i] = lisp.Fixnum(op(int(a.Items[i].(lisp.Fixnum)), int(b.Items[i].(lisp.Fixnum))))
			}
			return out
		})
	}
	defun("bit-not", "(bit-array &optional result)", "Invert every bit of a bit vector into result (a fresh one by default, the argument when t).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		a := arrBitVector("bit-not", args[0])
		out := bitResult("bit-not", a, args[1:])
		for i := range a.Items {
			out.Items[i] = lisp.Fixnum(1 ^ int(a.Items[i].(lisp.Fixnum)))
		}
		return out
	})
}

// bitResult is where a bit operation on a stores its bits.
func bitResult(op string, a *lisp.Vector, opt []lisp.Value) *lisp.Vector {
	if len(opt) == 0 || opt[0] == lisp.Value(lisp.Nil) {
		return &lisp.Vector{Items: make([]lisp.Value, len(a.Items)), Bits: true}
	}
	if opt[0] == lisp.Value(lisp.T) {
		return a
	}
	r := arrBitVector(op, opt[0])
	if len(r.Items) != len(a.Items) {
		lisp.Errorf("%s: the result bit vector has length %d, not %d", op, len(r.Items), len(a.Items))
	}
	return r
}
