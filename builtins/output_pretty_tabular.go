package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// pprintTabular is pprint-tabular. It is pprint-fill with a section
// tab before each element to the next multiple of tabsize: with tabsize
// 1 or 0 those tabs move nothing, and with *print-pretty* nil there are
// none, so both print as pprint-fill does. Wider columns need tab stops,
// which nodelisp's pretty printer does not have: an error.
func pprintTabular(t *eval.Thread, a []lisp.Value) lisp.Value {
	const op = "pprint-tabular"
	tabsize := 16
	if len(a) > 4 {
		n, ok := a[4].(lisp.Fixnum)
		if !ok || n < 0 {
			lisp.TypeError(op, a[4], "a non-negative integer")
		}
		tabsize = int(min(n, 1<<20))
	}
	o := printOpts(t, true)
	if o.Pretty && tabsize > 1 {
		lisp.Errorf("%s: columns %d wide need tab stops, which nodelisp's pretty printer does not support (a tabsize of 1 does)", op, tabsize)
	}
	parens := len(a) < 3 || a[2] != lisp.Value(lisp.Nil)
	lisp.PrettyList(outDesignator(t, op, a[0]), o, a[1], parens, true)
	return lisp.Nil
}
