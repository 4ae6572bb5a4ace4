package eval

import (
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// NewBuiltin is a builtin whose arity is derived from its lambda list
// args, as every declared one's is: for a builtin made while a program
// runs (a structure's accessor, the function constantly returns) or one
// the evaluator keeps for itself. Set Fn1, Fn2 or BorrowsArgs on the
// result as need be.
func NewBuiltin(name, args, doc string, fn func(t *Thread, args []lisp.Value) lisp.Value) *Builtin {
	least, most, _ := LambdaListArity(args) // a test reads every list the code writes
	return &Builtin{Name: name, Args: args, Doc: doc, Min: least, Max: most, Fn: fn}
}

// LambdaListArity is the least and the most arguments a builtin's lambda
// list takes (most < 0: no bound), read from the text describe shows, so
// that a builtin writes its signature once. ok is false for a text it
// cannot read: unbalanced parentheses or a marker it does not know.
//
// The text is a lambda list of names, "(size &key initial-element)",
// where a parameter may be a list, "(radix 10)", and counts as one. Three
// notations of the docs are read too, because describe shows them: a
// name in brackets is optional wherever it stands ("(sequence start [end]
// new)"), a name ending in "…" stands for any number of arguments ("(array
// subscript… value)"), and names after &rest's own name are required
// again (apply's "(function &rest arguments list)"). &key and &body take
// any number, &allow-other-keys and &aux's names take none, and &whole and
// &environment's name is not an argument.
func LambdaListArity(list string) (least, most int, ok bool) {
	list = strings.TrimSpace(list)
	if !strings.HasPrefix(list, "(") || !strings.HasSuffix(list, ")") {
		return 0, -1, false
	}
	const (
		required = iota
		optional
		rest    // the next name is the rest parameter
		keys    // names are keywords (or &aux variables): no positional count
		skipOne // the next name is &whole's or &environment's
	)
	mode, unbounded, known := required, false, true
	balanced := eachParam(list[1:len(list)-1], func(p string) {
		if strings.HasPrefix(p, "&") {
			switch p {
			case "&optional":
				mode = optional
			case "&rest", "&body":
				mode = rest
			case "&key":
				mode, unbounded = keys, true
			case "&allow-other-keys", "&aux":
				mode = keys
			case "&whole", "&environment":
				mode = skipOne
			default:
				known = false
			}
			return
		}
		switch {
		case mode == skipOne:
			mode = required
		case mode == rest:
			unbounded, mode = true, required
		case mode == keys:
		case strings.HasSuffix(p, "…"):
			unbounded = true
		case mode == optional || strings.HasPrefix(p, "["):
			most++
		default:
			least++
			most++
		}
	})
	if !balanced || !known {
		return 0, -1, false
	}
	if unbounded {
		most = -1
	}
	return least, most, true
}

// eachParam calls f with each top-level parameter of the inside of a
// lambda list, a parenthesised or bracketed one whole, without building a
// slice (a group of builtins reads its lists when first used); it is false
// when the brackets do not balance.
func eachParam(s string, f func(param string)) bool {
	depth, start := 0, -1
	for i, r := range s {
		switch {
		case r == '(' || r == '[':
			if depth == 0 {
				start = i
			}
			depth++
		case r == ')' || r == ']':
			depth--
			if depth < 0 {
				return false
			}
			if depth == 0 {
				f(s[start : i+1])
				start = -1
			}
		case depth > 0:
		case r == ' ' || r == '\t' || r == '\n':
			if start >= 0 {
				f(s[start:i])
				start = -1
			}
		case start < 0:
			start = i
		}
	}
	if depth != 0 {
		return false
	}
	if start >= 0 {
		f(s[start:])
	}
	return true
}
