package recall

import (
	"math/big"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// The recall forms' own argument types, each an unpack.Unpacker that
// checks its value and says what it must be.

// maxCount caps counts (limits, clips, windows) far above any real log, so
// that a bignum argument means "no practical bound" and arithmetic on the
// count cannot overflow.
const maxCount = 1 << 30

// positive is an integer of at least 1 (:limit, :clip, :before); a bignum
// saturates.
type positive int64

func (p *positive) UnpackLisp(v lisp.Value) error {
	n, err := atLeast(v, 1, "a positive integer")
	*p = positive(n)
	return err
}

// natural is an integer of at least 0 (:after, :lead).
type natural int64

func (p *natural) UnpackLisp(v lisp.Value) error {
	n, err := atLeast(v, 0, "a non-negative integer")
	*p = natural(n)
	return err
}

// atLeast is v as an integer of at least least, or the mismatch saying it
// must be want.
func atLeast(v lisp.Value, least int64, want string) (int64, error) {
	n, ok := integer(v)
	if !ok || n < least {
		return 0, &unpack.Mismatch{Want: want, Type: integerType(least)}
	}
	return n, nil
}

// seqArg is recall-entry's seq: any integer (no event holds one below 1).
type seqArg int64

func (p *seqArg) UnpackLisp(v lisp.Value) error {
	n, ok := integer(v)
	if !ok {
		return &unpack.Mismatch{Want: "an integer", Type: lisp.Intern("INTEGER")}
	}
	*p = seqArg(n)
	return nil
}

// count is a count as the forms use it, capped at maxCount.
func count(n positive) int { return int(min(int64(n), maxCount)) }

// integerType is (integer LEAST *), for type-error-expected-type.
func integerType(least int64) lisp.Value {
	return lisp.List(lisp.Intern("INTEGER"), lisp.MakeInt(least), lisp.Intern("*"))
}

// integer returns v as an int64, saturating bignums; ok is false for
// anything that is not an integer.
func integer(v lisp.Value) (int64, bool) {
	switch n := v.(type) {
	case lisp.Fixnum:
		return int64(n), true
	case *big.Int:
		if n.Sign() > 0 {
			return 1<<63 - 1, true
		}
		return -1 << 63, true
	}
	return 0, false
}

// lowerName is a symbol's name in lower case, as source usually spells it.
func lowerName(sym *lisp.Symbol) string {
	b := []byte(sym.Name)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
