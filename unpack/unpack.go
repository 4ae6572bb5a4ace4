// Package unpack fills a builtin's Go variables from its Lisp arguments,
// the one way every builtin of the library and of the host reads them.
//
// A builtin declares its parameters as a lambda list written in Go: each
// name is followed by a pointer to the variable it fills, and the markers
// "&optional" and "&key" stand alone between them, as in Lisp:
//
//	var seq int64
//	var session string
//	unpack.Form("recall-entry", args, "seq", &seq, "&key", "session-id", &session)
//
// The pointer's type says what the argument must be (see Args for the
// list); a variable an argument does not fill keeps the value it had, so
// a default is set before the call. A type of the builtin's own converts
// and checks itself by implementing Unpacker.
//
// There are two fronts to the one unpacker, because there are two kinds
// of form. Args is for the functions of Common Lisp: keyword arguments
// follow the standard (:allow-other-keys t admits any), and errors read as
// the evaluator's lambda lists word them, so a builtin and a defun read
// alike. Form is for nodelisp's own forms (recall-log, context): they are
// strict, a keyword given nil counts as not given, and errors name the
// parameter and what it must be, for an agent to fix its call from.
//
// Every error is signalled as a Lisp condition, as builtins signal; the
// package is not for parsing anything but a builtin's arguments.
package unpack

import (
	"fmt"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// The markers of a parameter list.
const (
	optionalMarker = "&optional"
	keyMarker      = "&key"
)

// maxKeys bounds a form's keyword parameters: a bit each records which
// were filled, so the leftmost of a repeated keyword wins without a map.
const maxKeys = 64

// Args unpacks the arguments of the Common Lisp function op into params.
// The destinations it knows are
//
//	*lisp.Value   any value; left nil (Go's nil) when the argument is absent
//	*bool         true unless the argument is nil
//	*string       a Lisp string
//	*int, *int64  an integer (a fixnum)
//	**lisp.Symbol a symbol
//	*lisp.Char    a character
//	Unpacker      whatever its UnpackLisp accepts
//
// A wrong type is a TYPE-ERROR ("op: the value 5 is not a string"); a
// wrong count, an odd keyword list, a non-keyword or an unknown keyword is
// a PROGRAM-ERROR.
func Args(op string, args []lisp.Value, params ...any) {
	unpacker{op: op}.run(args, params)
}

// Form is Args for nodelisp's own forms. It differs in three ways:
// :allow-other-keys is a keyword like any other (and so unknown), a keyword
// given nil is not given (a paging loop passes :before nil for its first
// page), and errors say which parameter and what it takes:
// "recall-log: :limit must be a positive integer, got -3",
// "context: unknown keyword :bogus: it takes :drop, :keep and :note".
func Form(op string, args []lisp.Value, params ...any) {
	unpacker{op: op, form: true}.run(args, params)
}

// unpacker is one call's unpacking: the builtin's name and which words
// its errors use.
type unpacker struct {
	op   string
	form bool
}

func (u unpacker) run(args []lisp.Value, params []any) {
	required, optional, keys := u.split(params)
	positional := (len(required) + len(optional)) / 2
	if len(args) < len(required)/2 || (keys == nil && len(args) > positional) {
		u.arity(len(required)/2, positional, keys != nil, len(args))
	}
	for i := 0; i < len(required); i += 2 {
		u.fill(required[i].(string), false, args[i/2], required[i+1])
	}
	given := args[len(required)/2:]
	for i := 0; i < len(optional) && i/2 < len(given); i += 2 {
		u.fill(optional[i].(string), false, given[i/2], optional[i+1])
	}
	if keys != nil && len(given) > len(optional)/2 {
		u.keywords(given[len(optional)/2:], keys)
	}
}

// split cuts params at its markers into name/destination pairs. keys is
// nil when there is no &key (and so no keyword is accepted). It works in
// indexes, storing no slice through a pointer, so that params (the
// variadic slice of every call) need not move to the heap.
func (u unpacker) split(params []any) (required, optional, keys []any) {
	optAt, keyAt := -1, -1 // the markers' indexes
	for i := 0; i < len(params); {
		name, ok := params[i].(string)
		if !ok {
			u.badList(fmt.Sprintf("parameter %d is not a name", i))
		}
		switch {
		case name == optionalMarker && optAt < 0 && keyAt < 0:
			optAt = i
			i++
		case name == keyMarker && keyAt < 0:
			keyAt = i
			i++
		case i+1 == len(params) || strings.HasPrefix(name, "&"):
			u.badList("parameter " + name + " has no destination")
		default:
			i += 2
		}
	}
	end := len(params)
	if keyAt >= 0 {
		keys, end = params[keyAt+1:], keyAt
		if len(keys)/2 > maxKeys {
			u.badList(fmt.Sprintf("more than %d keywords", maxKeys))
		}
	}
	if optAt >= 0 {
		return params[:optAt], params[optAt+1 : end], keys
	}
	return params[:end], nil, keys
}

// keywords fills the keyword destinations from the argument pairs in
// rest, after checking every pair, so an unknown keyword is reported
// before any value's type.
func (u unpacker) keywords(rest []lisp.Value, keys []any) {
	if !u.form && len(rest)%2 != 0 {
		lisp.SignalClass(lisp.ClassProgramError, "%s: odd number of keyword arguments", u.op)
	}
	// The leftmost :allow-other-keys decides, as CL has it (3.4.1.4.1);
	// with it true any symbol may name an argument, a non-keyword one
	// (never read) too.
	allowOthers := false
	if !u.form {
		for i := 0; i+1 < len(rest); i += 2 {
			if sym, ok := rest[i].(*lisp.Symbol); ok && sym.Keyword && sym.Name == "ALLOW-OTHER-KEYS" {
				allowOthers = lisp.Truthy(rest[i+1])
				break
			}
		}
	}
	var unknown *lisp.Symbol
	for i := 0; i < len(rest); i += 2 {
		sym, ok := rest[i].(*lisp.Symbol)
		if !ok || !sym.Keyword && !allowOthers {
			if u.form {
				lisp.SignalClass(lisp.ClassProgramError, "%s: expected a keyword, got %s", u.op, lisp.Prin1ToString(rest[i]))
			}
			lisp.SignalClass(lisp.ClassProgramError, "%s: %s is not a keyword", u.op, lisp.Prin1ToString(rest[i]))
		}
		if keyIndex(sym, keys) < 0 {
			if u.form {
				lisp.SignalClass(lisp.ClassProgramError, "%s: unknown keyword %s: it takes %s", u.op, lisp.Prin1ToString(sym), keywordList(keys))
			}
			if sym.Name != "ALLOW-OTHER-KEYS" && unknown == nil {
				unknown = sym
			}
		}
		if i+1 == len(rest) {
			lisp.SignalClass(lisp.ClassProgramError, "%s: keyword %s has no value", u.op, lisp.Prin1ToString(sym))
		}
	}
	if unknown != nil && !allowOthers {
		lisp.SignalClass(lisp.ClassProgramError, "%s: unknown keyword argument %s", u.op, lisp.Prin1ToString(unknown))
	}
	var filled uint64
	for i := 0; i < len(rest); i += 2 {
		sym := rest[i].(*lisp.Symbol)
		k := keyIndex(sym, keys)
		if k < 0 || !sym.Keyword || filled&(1<<k) != 0 { // as in Common Lisp, the leftmost wins
			continue
		}
		filled |= 1 << k
		if u.form && rest[i+1] == lisp.Value(lisp.Nil) {
			continue
		}
		u.fill(keys[2*k].(string), true, rest[i+1], keys[2*k+1])
	}
}

// keyIndex is the position of sym's keyword among keys' pairs, or -1.
// Source spells parameters in lower case and the reader interns keywords
// in upper case; the comparison folds ASCII only, so it needs no copy.
func keyIndex(sym *lisp.Symbol, keys []any) int {
	for i := 0; i < len(keys); i += 2 {
		if sameName(keys[i].(string), sym.Name) {
			return i / 2
		}
	}
	return -1
}

func sameName(param, symbol string) bool {
	if len(param) != len(symbol) {
		return false
	}
	for i := 0; i < len(param); i++ {
		c := param[i]
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != symbol[i] {
			return false
		}
	}
	return true
}

// keywordList is ":drop, :keep and :note".
func keywordList(keys []any) string {
	var b strings.Builder
	n := len(keys) / 2
	for i := 0; i < n; i++ {
		switch {
		case i > 0 && i == n-1:
			b.WriteString(" and ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(":" + keys[2*i].(string))
	}
	if n == 0 {
		return "no keywords"
	}
	return b.String()
}

// arity signals a wrong argument count in the evaluator's words.
func (u unpacker) arity(least, most int, keys bool, got int) {
	var want string
	switch {
	case keys:
		want = "at least " + plural(least)
	case least == most:
		want = plural(least)
	default:
		want = fmt.Sprintf("%d to %d arguments", least, most)
	}
	lisp.SignalClass(lisp.ClassProgramError, "%s: expected %s, got %d", u.op, want, got)
}

func plural(n int) string {
	if n == 1 {
		return "1 argument"
	}
	return fmt.Sprintf("%d arguments", n)
}

// badList reports a parameter list the builtin's author wrote wrong: a
// bug in Go, reported as a Lisp error rather than a panic that escapes.
func (u unpacker) badList(problem string) {
	lisp.Errorf("%s: bad parameter list for unpacking: %s", u.op, problem)
}
