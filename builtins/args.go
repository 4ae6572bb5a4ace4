package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// Argument helpers shared by every builtin file: keyword sets, type
// checks that name the operator, :test and :key functions. A builtin reads
// its arguments with unpack.Args; these serve the ones whose helpers share
// a set of keywords between them.

// kwargs is a builtin's keyword arguments, read by unpack.Args into one
// value each: the form for builtins whose helpers take the keywords as a
// set (:test with :test-not, :start with :end) rather than one by one.
type kwargs struct {
	names []string     // as the builtin allowed them, lower case
	vals  []lisp.Value // Go nil where a keyword was not given
}

// parseKeys reads args as the keyword arguments named in allowed (lower
// case, without colons), by Common Lisp's rules: the leftmost of a
// repeated keyword wins, and :allow-other-keys t admits any other.
func parseKeys(op string, args []lisp.Value, allowed ...string) kwargs {
	kw := kwargs{names: allowed, vals: make([]lisp.Value, len(allowed))}
	params := make([]any, 1, 1+2*len(allowed))
	params[0] = "&key"
	for i, name := range allowed {
		params = append(params, name, &kw.vals[i])
	}
	unpack.Args(op, args, params...)
	return kw
}

// get returns the value of keyword name (without colon, lower case).
func (k kwargs) get(name string) (lisp.Value, bool) {
	for i, n := range k.names {
		if n == name {
			return k.vals[i], k.vals[i] != nil
		}
	}
	return nil, false
}

// or returns the value of keyword name, or def when absent.
func (k kwargs) or(name string, def lisp.Value) lisp.Value {
	if v, ok := k.get(name); ok {
		return v
	}
	return def
}

// intArg returns v as an int, or signals a type error naming op.
func intArg(op string, v lisp.Value) int {
	n, ok := v.(lisp.Fixnum)
	if !ok {
		lisp.TypeError(op, v, "an integer")
	}
	return int(n)
}

// indexArg returns v as a non-negative int.
func indexArg(op string, v lisp.Value) int {
	n, ok := v.(lisp.Fixnum)
	if !ok || n < 0 {
		lisp.TypeError(op, v, "a non-negative integer")
	}
	return int(n)
}

// optIndex returns v as an int, or def when v is nil (for :end nil).
func optIndex(op string, v lisp.Value, def int) int {
	if v == lisp.Value(lisp.Nil) || v == nil {
		return def
	}
	return indexArg(op, v)
}

// numberArg checks that v is a number.
func numberArg(op string, v lisp.Value) lisp.Value {
	if !lisp.IsNumber(v) {
		lisp.TypeError(op, v, "a number")
	}
	return v
}

// stringArg returns the Go string of a Lisp string.
func stringArg(op string, v lisp.Value) string {
	s, ok := v.(*lisp.String)
	if !ok {
		lisp.TypeError(op, v, "a string")
	}
	return s.S
}

// stringDesignator accepts a string, a symbol (its name) or a character, as
// CL's string functions do.
func stringDesignator(op string, v lisp.Value) string {
	switch x := v.(type) {
	case *lisp.String:
		return x.S
	case *lisp.Symbol:
		return x.Name
	case lisp.Char:
		return string(rune(x))
	}
	lisp.TypeError(op, v, "a string designator")
	return ""
}

// symbolArg returns v as a symbol.
func symbolArg(op string, v lisp.Value) *lisp.Symbol {
	s, ok := v.(*lisp.Symbol)
	if !ok {
		lisp.TypeError(op, v, "a symbol")
	}
	return s
}

// charArg returns v as a character.
func charArg(op string, v lisp.Value) lisp.Char {
	c, ok := v.(lisp.Char)
	if !ok {
		lisp.TypeError(op, v, "a character")
	}
	return c
}

// listArg checks that v is a list (a cons or nil).
func listArg(op string, v lisp.Value) lisp.Value {
	if !lisp.IsList(v) {
		lisp.TypeError(op, v, "a list")
	}
	return v
}

// keyFunc builds the :key function, identity by default.
func keyFunc(t *eval.Thread, kw kwargs) func(v lisp.Value) lisp.Value {
	if f, ok := kw.get("key"); ok && lisp.Truthy(f) {
		return func(v lisp.Value) lisp.Value { return t.Call(f, v) }
	}
	return func(v lisp.Value) lisp.Value { return v }
}
