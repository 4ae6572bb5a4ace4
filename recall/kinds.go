package recall

import (
	"github.com/nodelisp/nodelisp/event"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

// defaultKinds are the kinds recall reads unless told otherwise: the
// conversation itself, not the bookkeeping around it.
var defaultKinds = []string{event.KindInput, event.KindAnswer, event.KindToolCall, event.KindToolResult}

// kindsArg is :kinds: a kind, or a list of kinds, each a string ("tool
// call") or a keyword (:tool-call, its dashes read as spaces). Absent or
// nil leaves the default kinds; t gives every kind (nil to the store,
// which means no filter).
type kindsArg struct {
	op    string // for the error of a circular list
	kinds []string
}

func newKinds(op string) *kindsArg { return &kindsArg{op: op, kinds: defaultKinds} }

func (k *kindsArg) UnpackLisp(v lisp.Value) error {
	if v == lisp.Value(lisp.T) {
		k.kinds = nil
		return nil
	}
	var out []string
	seen := map[string]bool{} // a map, so 100k kinds are not O(n²)
	add := func(item lisp.Value) error {
		kind, ok := kindName(item)
		if !ok {
			return wrongKinds(item)
		}
		if !seen[kind] {
			seen[kind] = true
			out = append(out, kind)
		}
		return nil
	}
	if _, isList := v.(*lisp.Cons); !isList {
		err := add(v)
		k.kinds = out
		return err
	}
	var cycle lisp.Cycle
	for v != lisp.Value(lisp.Nil) {
		c, ok := v.(*lisp.Cons)
		if !ok {
			return wrongKinds(v) // a dotted tail
		}
		cycle.Visit(k.op, c) // a circular list is an error, not a loop
		if err := add(c.Car); err != nil {
			return err
		}
		v = c.Cdr
	}
	k.kinds = out
	return nil
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

// wrongKinds says what a :kinds entry must be; got is the entry that is not.
func wrongKinds(got lisp.Value) error {
	return &unpack.Mismatch{
		Want:  "a kind (a string or keyword) or a list of kinds",
		Type:  lisp.List(lisp.Intern("OR"), lisp.Intern("STRING"), lisp.Intern("KEYWORD"), lisp.Intern("LIST")),
		Datum: got,
	}
}
