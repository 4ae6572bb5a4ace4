package format

import (
	"strconv"

	"github.com/nodelisp/nodelisp/lisp"
)

// printString prints v as prin1 (escape) or princ would.
func printString(v lisp.Value, escape bool) string {
	if escape {
		return lisp.Prin1ToString(v)
	}
	return lisp.PrincToString(v)
}

func itoa(n int) string { return strconv.Itoa(n) }
