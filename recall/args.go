package recall

import (
	"fmt"
	"math/big"

	"github.com/nodelisp/nodelisp/lisp"
)

// keys holds a form's keyword arguments. A keyword given nil counts as not
// given, so a paging loop can pass :before nil for its first page.
type keys struct {
	op   string
	vals map[string]lisp.Value // by lower-case name, without the colon
}

// parseKeys checks that args are keyword/value pairs naming only allowed
// keywords. As in Common Lisp, the leftmost of a repeated keyword wins.
func parseKeys(op string, args []lisp.Value, allowed ...string) keys {
	k := keys{op: op, vals: map[string]lisp.Value{}}
	for i := 0; i < len(args); i += 2 {
		sym, ok := args[i].(*lisp.Symbol)
		if !ok || !sym.Keyword {
			lisp.SignalClass(lisp.ClassProgramError, "%s: expected a keyword, got %s", op, lisp.Prin1ToString(args[i]))
		}
		name := lowerName(sym)
		known := false
		for _, a := range allowed {
			known = known || a == name
		}
		if !known {
			lisp.SignalClass(lisp.ClassProgramError, "%s: unknown keyword %s", op, lisp.Prin1ToString(sym))
		}
		if i+1 == len(args) {
			lisp.SignalClass(lisp.ClassProgramError, "%s: keyword %s has no value", op, lisp.Prin1ToString(sym))
		}
		if _, seen := k.vals[name]; !seen {
			k.vals[name] = args[i+1]
		}
	}
	return k
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

// get returns a keyword's value; ok is false when it is absent or nil.
func (k keys) get(name string) (lisp.Value, bool) {
	v, ok := k.vals[name]
	if !ok || v == lisp.Value(lisp.Nil) {
		return nil, false
	}
	return v, true
}

// str returns a string keyword.
func (k keys) str(name string) (string, bool) {
	v, ok := k.get(name)
	if !ok {
		return "", false
	}
	s, isStr := v.(*lisp.String)
	if !isStr {
		k.wrong(name, "a string", v)
	}
	return s.S, true
}

// maxCount caps counts (limits, clips, windows) far above any real log, so
// that a bignum argument means "no practical bound" and arithmetic on the
// count cannot overflow.
const maxCount = 1 << 30

// count returns a positive integer keyword, or def when absent.
func (k keys) count(name string, def int) int {
	v, ok := k.get(name)
	if !ok {
		return def
	}
	n, isInt := integer(v)
	if !isInt || n <= 0 {
		k.wrong(name, "a positive integer", v)
	}
	return int(min(n, maxCount))
}

// natural returns a non-negative integer keyword, or def when absent.
func (k keys) natural(name string, def int) int {
	v, ok := k.get(name)
	if !ok {
		return def
	}
	n, isInt := integer(v)
	if !isInt || n < 0 {
		k.wrong(name, "a non-negative integer", v)
	}
	return int(min(n, maxCount))
}

// bound returns a seq bound keyword (:before, :after), at least least;
// ok is false when absent.
func (k keys) bound(name string, least int64) (n int64, ok bool) {
	v, ok := k.get(name)
	if !ok {
		return 0, false
	}
	n, isInt := integer(v)
	if !isInt || n < least {
		want := "a positive integer"
		if least == 0 {
			want = "a non-negative integer"
		}
		k.wrong(name, want, v)
	}
	return n, true
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

// wrong signals that a keyword's value is not what it must be:
// "recall-log: :limit must be a positive integer, got -3".
func (k keys) wrong(name, want string, got lisp.Value) {
	panic(&lisp.Condition{
		Class:    lisp.ClassTypeError,
		Message:  fmt.Sprintf("%s: :%s must be %s, got %s", k.op, name, want, lisp.Prin1ToString(got)),
		Datum:    got,
		Expected: expectedType(want),
	})
}

// expectedType is the Lisp type behind a "must be" phrase, for
// type-error-expected-type.
func expectedType(want string) lisp.Value {
	switch want {
	case "a string":
		return lisp.Intern("STRING")
	case "a positive integer":
		return lisp.List(lisp.Intern("INTEGER"), lisp.MakeInt(1), lisp.Intern("*"))
	case "a non-negative integer":
		return lisp.List(lisp.Intern("INTEGER"), lisp.MakeInt(0), lisp.Intern("*"))
	}
	return lisp.T
}
