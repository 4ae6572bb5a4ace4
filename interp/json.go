package interp

import (
	"math/big"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// ToJSON converts a Lisp value into a value encoding/json writes the way a
// jq user expects: plists (keyword, value, …) as objects with the keywords'
// names as keys, other lists and vectors as arrays, strings and numbers as
// themselves, t as true, nil as null, other symbols and characters as their
// printed text. Ratios and big integers that JSON numbers cannot carry
// exactly become strings.
func ToJSON(v lisp.Value) any {
	switch x := v.(type) {
	case *lisp.String:
		return x.S
	case lisp.Fixnum:
		return int64(x)
	case lisp.Float:
		return float64(x)
	case *big.Int, *big.Rat:
		return lisp.Prin1ToString(x)
	case *lisp.Symbol:
		switch x {
		case lisp.Nil:
			return nil
		case lisp.T:
			return true
		}
		return lisp.Prin1ToString(x)
	case *lisp.Cons:
		items, err := elements(x)
		if err != nil {
			return lisp.Prin1ToString(x)
		}
		if isPlist(items) {
			obj := make(map[string]any, len(items)/2)
			for i := 0; i < len(items); i += 2 {
				obj[strings.ToLower(items[i].(*lisp.Symbol).Name)] = ToJSON(items[i+1])
			}
			return obj
		}
		return jsonArray(items)
	case *lisp.Vector:
		return jsonArray(x.Items)
	}
	return lisp.PrincToString(v)
}

func jsonArray(items []lisp.Value) []any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = ToJSON(it)
	}
	return out
}
