package recall

import (
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// defaultKinds are the kinds recall reads unless told otherwise: the
// conversation itself, not the bookkeeping around it.
var defaultKinds = []string{store.KindInput, store.KindAnswer, store.KindToolCall, store.KindToolResult}

// kindsArg reads :kinds: a kind, or a list of kinds, each a string
// ("tool call") or a keyword (:tool-call, its dashes read as spaces).
// Absent or nil gives the default kinds; t gives every kind (nil to the
// store, which means no filter).
func kindsArg(k keys) []string {
	v, ok := k.get("kinds")
	switch {
	case !ok:
		return defaultKinds
	case v == lisp.Value(lisp.T):
		return nil
	}
	var out []string
	seen := map[string]bool{} // a map, so 100k kinds are not O(n²)
	add := func(item lisp.Value) {
		kind, ok := kindName(item)
		if !ok {
			k.wrongKinds(item)
		}
		if !seen[kind] {
			seen[kind] = true
			out = append(out, kind)
		}
	}
	if _, isList := v.(*lisp.Cons); !isList {
		add(v)
		return out
	}
	var cycle lisp.Cycle
	for v != lisp.Value(lisp.Nil) {
		c, ok := v.(*lisp.Cons)
		if !ok {
			k.wrongKinds(v) // a dotted tail
		}
		cycle.Visit(k.op, c) // a circular list is an error, not a loop
		add(c.Car)
		v = c.Cdr
	}
	return out
}

// kindName turns one :kinds entry into the kind the store records.
func kindName(v lisp.Value) (string, bool) {
	switch x := v.(type) {
	case *lisp.String:
		return x.S, x.S != ""
	case *lisp.Symbol:
		if x.Keyword && x.Name != "" {
			return strings.ReplaceAll(lowerName(x), "-", " "), true
		}
	}
	return "", false
}

// wrongKinds signals a bad :kinds entry.
func (k keys) wrongKinds(got lisp.Value) {
	panic(&lisp.Condition{
		Class:    lisp.ClassTypeError,
		Message:  k.op + ": :kinds must be a kind (a string or keyword) or a list of kinds, got " + lisp.Prin1ToString(got),
		Datum:    got,
		Expected: lisp.List(lisp.Intern("OR"), lisp.Intern("STRING"), lisp.Intern("KEYWORD"), lisp.Intern("LIST")),
	})
}
