package interp

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// ToJSON converts a Lisp value into a value encoding/json writes the way a
// jq user expects: plists (keyword, value, …) as objects with the keywords'
// names as keys, other lists and vectors as arrays, strings and numbers as
// themselves, t as true, nil as null, other symbols and characters as their
// printed text. Ratios, big integers and anything else JSON cannot carry
// become their printed text.
func ToJSON(v lisp.Value) any {
	return goValue(v, func(v lisp.Value) any { return lisp.PrincToString(v) }, 0)
}
