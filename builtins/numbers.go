package builtins

// Arithmetic, comparison and the simple numeric predicates (+ - * / = < …
// zerop evenp gcd …). Division with rounding is in numbers_divide.go, the
// irrational functions in numbers_float.go, bit operations in
// numbers_bits.go.

import (
	"math"
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerNumbers() {
	defun("+", "(&rest numbers)", "Return the sum of the numbers (0 with none).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 0 {
			return lisp.MakeInt(0)
		}
		// Starting from the first number, not from 0, keeps the sign of
		// (+ -0.0 -0.0).
		acc := numberArg("+", args[0])
		for _, a := range args[1:] {
			acc = lisp.Add(acc, numberArg("+", a))
		}
		return acc
	})
	borrowsArgs()
	fast2(func(t *eval.Thread, a, b lisp.Value) lisp.Value {
		return lisp.Add(numberArg("+", a), numberArg("+", b))
	})
	defun("-", "(number &rest more-numbers)", "Subtract the rest of the numbers from the first, or negate a single number.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 1 {
			return lisp.Negate(numberArg("-", args[0]))
		}
		acc := numberArg("-", args[0])
		for _, a := range args[1:] {
			acc = lisp.Sub(acc, numberArg("-", a))
		}
		return acc
	})
	borrowsArgs()
	fast2(func(t *eval.Thread, a, b lisp.Value) lisp.Value {
		return lisp.Sub(numberArg("-", a), numberArg("-", b))
	})
	defun("*", "(&rest numbers)", "Return the product of the numbers (1 with none).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var acc lisp.Value = lisp.MakeInt(1)
		for _, a := range args {
			acc = lisp.Mul(acc, numberArg("*", a))
		}
		return acc
	})
	borrowsArgs()
	fast2(func(t *eval.Thread, a, b lisp.Value) lisp.Value {
		if _, ok := a.(lisp.Fixnum); ok {
			if _, ok := b.(lisp.Fixnum); ok {
				return lisp.Mul(a, b)
			}
		}
		return lisp.Mul(lisp.Mul(lisp.MakeInt(1), numberArg("*", a)), numberArg("*", b))
	})
	defun("/", "(number &rest more-numbers)", "Divide the first number by the rest, or return the reciprocal of a single number; integers give exact ratios.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 1 {
			return lisp.Div(lisp.MakeInt(1), numberArg("/", args[0]))
		}
		acc := numberArg("/", args[0])
		for _, a := range args[1:] {
			acc = lisp.Div(acc, numberArg("/", a))
		}
		return acc
	})
	borrowsArgs()
	defun("1+", "(number)", "Return the number plus one.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Add(numberArg("1+", args[0]), lisp.MakeInt(1))
	})
	fast1(func(t *eval.Thread, a lisp.Value) lisp.Value { return lisp.Add(numberArg("1+", a), lisp.MakeInt(1)) })
	defun("1-", "(number)", "Return the number minus one.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Sub(numberArg("1-", args[0]), lisp.MakeInt(1))
	})
	fast1(func(t *eval.Thread, a lisp.Value) lisp.Value { return lisp.Sub(numberArg("1-", a), lisp.MakeInt(1)) })

	numCompare("=", "True if all the numbers are numerically equal.", func(c int) bool { return c == 0 })
	numCompare("<", "True if the numbers are in strictly increasing order.", func(c int) bool { return c < 0 })
	numCompare(">", "True if the numbers are in strictly decreasing order.", func(c int) bool { return c > 0 })
	numCompare("<=", "True if the numbers are in non-decreasing order.", func(c int) bool { return c <= 0 })
	numCompare(">=", "True if the numbers are in non-increasing order.", func(c int) bool { return c >= 0 })
	defun("/=", "(number &rest more-numbers)", "True if no two of the numbers are numerically equal.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		for _, a := range args {
			numberArg("/=", a)
		}
		for i := range args {
			for j := i + 1; j < len(args); j++ {
				if lisp.Compare("/=", args[i], args[j]) == 0 {
					return lisp.Nil
				}
			}
		}
		return lisp.T
	})

	defun("max", "(real &rest more-reals)", "Return the greatest of the numbers (the first of equal ones, unconverted).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return numExtreme("max", args, 1)
	})
	borrowsArgs()
	defun("min", "(real &rest more-reals)", "Return the least of the numbers (the first of equal ones, unconverted).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return numExtreme("min", args, -1)
	})
	borrowsArgs()
	defun("abs", "(number)", "Return the absolute value of the number.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return numAbs(numberArg("abs", args[0]))
	})
	defun("signum", "(number)", "Return -1, 0 or 1 (as a float for floats) according to the sign of the number.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		v := numberArg("signum", args[0])
		if c, ok := v.(*lisp.Complex); ok {
			return complexSignum(c)
		}
		s := lisp.Sign("signum", v)
		if f, ok := v.(lisp.Float); ok {
			if s == 0 {
				return f // keeps the sign of -0.0
			}
			return lisp.Float(s)
		}
		return lisp.MakeInt(int64(s))
	})

	defun("zerop", "(number)", "True if the number is zero.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(lisp.IsZero(numberArg("zerop", args[0])))
	})
	defun("plusp", "(real)", "True if the number is greater than zero.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(lisp.Sign("plusp", args[0]) > 0)
	})
	defun("minusp", "(real)", "True if the number is less than zero.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(lisp.Sign("minusp", args[0]) < 0)
	})
	defun("evenp", "(integer)", "True if the integer is even.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(!numOdd("evenp", args[0]))
	})
	defun("oddp", "(integer)", "True if the integer is odd.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(numOdd("oddp", args[0]))
	})

	defun("gcd", "(&rest integers)", "Return the greatest common divisor of the integers (0 with none).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return bigOp(t, args, func() lisp.Value {
			acc := new(big.Int)
			for _, a := range args {
				acc.GCD(nil, nil, acc, numIntBig("gcd", a))
			}
			return lisp.NormBig(acc)
		})
	})
	defun("lcm", "(&rest integers)", "Return the least common multiple of the integers (1 with none).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return bigOp(t, args, func() lisp.Value {
			acc := big.NewInt(1)
			for _, a := range args {
				n := numIntBig("lcm", a)
				if n.Sign() == 0 {
					return lisp.MakeInt(0)
				}
				g := new(big.Int).GCD(nil, nil, acc, n)
				n.Quo(n, g)
				if acc.BitLen()+n.BitLen() > lisp.MaxIntegerBits {
					lisp.Errorf("lcm: the result is too large (over %d bits)", lisp.MaxIntegerBits)
				}
				acc.Mul(acc, n)
			}
			// The lcm is non-negative whatever the signs of the integers.
			return lisp.NormBig(acc.Abs(acc))
		})
	})
	defun("numerator", "(rational)", "Return the numerator of the rational in lowest terms.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch x := args[0].(type) {
		case *big.Rat:
			return lisp.NormBig(new(big.Int).Set(x.Num()))
		case lisp.Fixnum, *big.Int:
			return x
		}
		lisp.TypeError("numerator", args[0], "a rational")
		return nil
	})
	defun("denominator", "(rational)", "Return the (positive) denominator of the rational in lowest terms.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch x := args[0].(type) {
		case *big.Rat:
			return lisp.NormBig(new(big.Int).Set(x.Denom()))
		case lisp.Fixnum, *big.Int:
			return lisp.MakeInt(1)
		}
		lisp.TypeError("denominator", args[0], "a rational")
		return nil
	})
}

// numCompare registers an n-ary comparison of adjacent arguments.
func numCompare(name, doc string, ok func(c int) bool) {
	defun(name, "(number &rest more-numbers)", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 1 {
			numberArg(name, args[0])
			return lisp.T
		}
		result := true
		for i := 0; i+1 < len(args); i++ {
			// Every argument is compared (and so type-checked) even once the
			// answer is known, as CL requires of the arguments.
			if !ok(lisp.Compare(name, args[i], args[i+1])) {
				result = false
			}
		}
		return lisp.Bool(result)
	})
	borrowsArgs()
	fast2(func(t *eval.Thread, a, b lisp.Value) lisp.Value { return lisp.Bool(ok(lisp.Compare(name, a, b))) })
}

func numExtreme(op string, args []lisp.Value, want int) lisp.Value {
	best := args[0]
	lisp.Sign(op, best) // type check
	for _, a := range args[1:] {
		if lisp.Compare(op, a, best) == want {
			best = a
		}
	}
	return best
}

func numAbs(v lisp.Value) lisp.Value {
	switch x := v.(type) {
	case lisp.Fixnum:
		if x >= 0 {
			return x
		}
		if x == math.MinInt64 {
			return new(big.Int).Neg(big.NewInt(int64(x)))
		}
		return lisp.MakeInt(int64(-x))
	case lisp.Float:
		return lisp.Float(math.Abs(float64(x)))
	case *big.Int:
		return lisp.NormBig(new(big.Int).Abs(x))
	case *big.Rat:
		return new(big.Rat).Abs(x)
	case *lisp.Complex:
		return complexAbs(x)
	}
	return v
}

func numOdd(op string, v lisp.Value) bool {
	switch x := v.(type) {
	case lisp.Fixnum:
		return x&1 != 0
	case *big.Int:
		return x.Bit(0) != 0
	}
	lisp.TypeError(op, v, "an integer")
	return false
}

// numIntBig returns an integer argument as a fresh *big.Int.
func numIntBig(op string, v lisp.Value) *big.Int {
	if !lisp.IsInteger(v) {
		lisp.TypeError(op, v, "an integer")
	}
	return lisp.ToBig(v)
}

// numReal checks that v is a real number.
func numReal(op string, v lisp.Value) lisp.Value {
	if !lisp.IsReal(v) {
		lisp.TypeError(op, v, "a real")
	}
	return v
}
