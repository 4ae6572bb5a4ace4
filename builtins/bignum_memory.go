package builtins

import (
	"math/big"
	"math/bits"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The memory cap sees bignum arithmetic: the builtins whose integer result
// can be much longer than their arguments reserve its bytes before they
// compute it, and book a long result to the image until it is freed. One
// integer is bounded (lisp.MaxIntegerBits), but a cell that keeps many
// fresh products ran far past its cap between two of the evaluator's
// periodic checks (issue 29: 562 MiB held under a 64 MiB cap).

// resultBits estimates, from the arguments, the bits of the integer a
// builtin makes; 0 when the result is small or not an integer.
var resultBits = map[string]func(args []lisp.Value) int64{
	"*": func(args []lisp.Value) int64 {
		var n int64
		long := false
		for _, a := range args {
			switch x := a.(type) {
			case lisp.Fixnum:
				n += int64(bits.Len64(uint64(max(int64(x), -int64(x)))))
			case *big.Int:
				n += int64(x.BitLen())
				long = true
			default:
				return 0
			}
		}
		if !long {
			return 0
		}
		return n
	},
	"expt": func(args []lisp.Value) int64 {
		p, ok := args[1].(lisp.Fixnum)
		if !ok || p <= 0 || !lisp.IsInteger(args[0]) {
			return 0
		}
		return min(int64(lisp.ToBig(args[0]).BitLen())*int64(p), lisp.MaxIntegerBits+1)
	},
	"ash": func(args []lisp.Value) int64 {
		c, ok := args[1].(lisp.Fixnum)
		if !ok || c <= 0 || !lisp.IsInteger(args[0]) {
			return 0
		}
		return min(int64(lisp.ToBig(args[0]).BitLen())+int64(c), lisp.MaxIntegerBits+1)
	},
}

// reserveBignums wraps the builtins among fns that resultBits names.
func reserveBignums(fns []*eval.Builtin) {
	for _, b := range fns {
		estimate := resultBits[b.Name]
		if estimate == nil {
			continue
		}
		name, f, f2 := b.Name, b.Fn, b.Fn2
		if f != nil {
			b.Fn = func(t *eval.Thread, args []lisp.Value) lisp.Value {
				reserveInteger(t, name, estimate(args))
				return holdInteger(t, f(t, args))
			}
		}
		if f2 != nil {
			b.Fn2 = func(t *eval.Thread, a, c lisp.Value) lisp.Value {
				if name == "*" && !isBignum(a) && !isBignum(c) {
					return f2(t, a, c) // the hot path: at most 128 bits, and no slice made
				}
				reserveInteger(t, name, estimate([]lisp.Value{a, c}))
				return holdInteger(t, f2(t, a, c))
			}
		}
	}
}

func isBignum(v lisp.Value) bool {
	_, ok := v.(*big.Int)
	return ok
}

// reserveInteger reserves an integer of n bits that op is about to make.
// An estimate past lisp.MaxIntegerBits is left to op, which refuses it
// with its own error.
func reserveInteger(t *eval.Thread, op string, n int64) {
	if n > 0 && n <= lisp.MaxIntegerBits {
		reserve(t, n/8, op, int(n), "bits")
	}
}

// holdInteger books a long integer result to the image.
func holdInteger(t *eval.Thread, v lisp.Value) lisp.Value {
	if x, ok := v.(*big.Int); ok {
		eval.Hold(t, x, int64(x.BitLen())/8)
	}
	return v
}
