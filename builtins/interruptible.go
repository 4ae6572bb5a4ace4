package builtins

import (
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// longBits is the operand size from which a bignum operation (isqrt, gcd,
// lcm, printing) may run for seconds inside math/big, which cannot poll:
// such an operation runs with Thread.Interruptible, so cancel and timeouts
// still end the cell at once.
const longBits = 1 << 16

// bigOp runs f, interruptibly when an argument is a long bignum.
func bigOp(t *eval.Thread, args []lisp.Value, f func() lisp.Value) lisp.Value {
	for _, a := range args {
		if b, ok := a.(*big.Int); ok && b.BitLen() > longBits {
			return t.Interruptible(f)
		}
	}
	return f()
}

// printsValues are the builtins that print their arguments: preprint
// converts a long bignum among them before they run.
var printsValues = map[string]bool{
	"format": true, "princ": true, "prin1": true, "print": true, "write": true,
	"princ-to-string": true, "prin1-to-string": true, "write-to-string": true,
}

// preprint converts each long bignum among args to text where the cell
// can be stopped, for the printer to find (lisp.RememberBigText).
func preprint(t *eval.Thread, args ...lisp.Value) {
	for _, a := range args {
		if x, ok := a.(*big.Int); ok && x.BitLen() > longBits && !lisp.HasBigText(x) {
			text := t.Interruptible(func() lisp.Value { return lisp.NewString(x.String()) })
			lisp.RememberBigText(x, text.(*lisp.String).S)
		}
	}
}

// interruptiblePrinting makes the printing builtins among fns preprint
// their arguments, and expt run interruptibly on long operands.
func interruptiblePrinting(fns []*eval.Builtin) {
	for _, b := range fns {
		switch {
		case printsValues[b.Name]:
			f, f1, f2 := b.Fn, b.Fn1, b.Fn2
			b.Fn = func(t *eval.Thread, args []lisp.Value) lisp.Value { preprint(t, args...); return f(t, args) }
			if f1 != nil {
				b.Fn1 = func(t *eval.Thread, a lisp.Value) lisp.Value { preprint(t, a); return f1(t, a) }
			}
			if f2 != nil {
				b.Fn2 = func(t *eval.Thread, a, c lisp.Value) lisp.Value { preprint(t, a, c); return f2(t, a, c) }
			}
		case b.Name == "expt":
			f := b.Fn
			b.Fn2 = nil
			b.Fn = func(t *eval.Thread, args []lisp.Value) lisp.Value {
				base, power := args[0], args[1]
				if !longPower(base, power) {
					return f(t, args)
				}
				return t.Interruptible(func() lisp.Value { return f(t, []lisp.Value{base, power}) })
			}
		}
	}
}

// longPower reports whether (expt base power) makes a long bignum.
func longPower(base, power lisp.Value) bool {
	n, ok := power.(lisp.Fixnum)
	if !ok || !lisp.IsInteger(base) {
		return false
	}
	return int64(n) > longBits || int64(n)*int64(lisp.ToBig(base).BitLen()) > longBits
}
