package builtins

// Random numbers and random states. A state is a lisp.RandomState (two
// words of a PCG generator); *random-state* holds the image's own, so a
// session records it with the other globals and a resume continues the
// sequence where it was.

import (
	"math/big"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

func registerNumbersRandom() {
	defun("random", "(limit &optional state)", "Return a random number of the limit's type, at least 0 and below the positive limit, drawn from state (*random-state* by default).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var limit, state lisp.Value
		unpack.Args("random", args, "limit", &limit, "&optional", "state", &state)
		if !randomLimit(limit) {
			lisp.TypeError("random", limit, "a positive integer or float")
		}
		rs := randomStateArg(t, "random", state)
		switch x := limit.(type) {
		case lisp.Fixnum:
			return lisp.MakeInt(rs.Rand().Int64N(int64(x)))
		case lisp.Float:
			return lisp.Float(rs.Rand().Float64() * float64(x))
		}
		return lisp.NormBig(randomBig(rs, limit.(*big.Int)))
	})
	defun("make-random-state", "(&optional state)", "Return a new random state: a copy of state, of *random-state* when state is nil or absent, or a freshly seeded one when state is t.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var state lisp.Value = lisp.Nil
		unpack.Args("make-random-state", args, "&optional", "state", &state)
		if state == lisp.Value(lisp.T) {
			return lisp.FreshRandomState()
		}
		if state == lisp.Value(lisp.Nil) {
			state = nil
		}
		return randomStateArg(t, "make-random-state", state).Copy()
	})
	defun("random-state-p", "(object)", "True when object is a random state.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		_, ok := args[0].(*lisp.RandomState)
		return lisp.Bool(ok)
	})
}

// randomLimit reports whether v is a limit random takes: a positive
// integer or float.
func randomLimit(v lisp.Value) bool {
	switch x := v.(type) {
	case lisp.Fixnum:
		return x > 0
	case lisp.Float:
		return x > 0
	case *big.Int:
		return x.Sign() > 0
	}
	return false
}

// randomStateArg is the state random draws from: v when given (Go's nil
// when absent), else the current value of *random-state*.
func randomStateArg(t *eval.Thread, op string, v lisp.Value) *lisp.RandomState {
	if v == nil {
		cur, _ := t.Interp().Global("*RANDOM-STATE*")
		rs, ok := cur.(*lisp.RandomState)
		if !ok {
			lisp.TypeError(op+" (the value of *random-state*)", cur, "a random state")
		}
		return rs
	}
	rs, ok := v.(*lisp.RandomState)
	if !ok {
		lisp.TypeError(op, v, "a random state")
	}
	return rs
}

// randomBig draws an integer below limit from rs: a word more than the
// limit holds, reduced modulo it, so the bias is below 2^-64.
func randomBig(rs *lisp.RandomState, limit *big.Int) *big.Int {
	words := make([]big.Word, len(limit.Bits())+1)
	for i := range words {
		words[i] = big.Word(rs.Rand().Uint64())
	}
	n := new(big.Int).SetBits(words)
	return n.Mod(n, limit)
}
