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

// printValue prints v as prin1 (escape) or princ would under the call's
// printer options, starting at column col.
func (o *output) printValue(v lisp.Value, escape bool, col int) string {
	if !o.hasOpts {
		return printString(v, escape)
	}
	po := o.opts
	po.Escape = escape
	if !escape {
		po.Readably = false
	}
	return lisp.WriteToStringAt(v, po, col)
}

// written prints v as write does (~W): under every option as it is.
func (o *output) written(v lisp.Value, col int) string {
	if !o.hasOpts {
		return printString(v, true)
	}
	return lisp.WriteToStringAt(v, o.opts, col)
}

func itoa(n int) string { return strconv.Itoa(n) }
