package builtins

import (
	"math"

	"github.com/nodelisp/nodelisp/lisp"
)

// indentArg is pprint-indent's n: any real, truncated toward zero to the
// whole columns the pretty printer works in (as SBCL truncates it), and
// held to a range no line reaches.
func indentArg(v lisp.Value) int {
	if n, ok := v.(lisp.Fixnum); ok {
		return int(max(min(n, 1<<20), -1<<20))
	}
	numReal("pprint-indent", v)
	return int(max(min(math.Trunc(lisp.ToFloat(v)), 1<<20), -1<<20))
}
