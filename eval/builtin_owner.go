package eval

import "strings"

// holdsOwnBuiltin reports whether the cell's function is the builtin
// registered under the cell's own name: that function is part of the
// language, and defun, setf of symbol-function and fmakunbound refuse to
// replace it (SBCL's package lock does the same for COMMON-LISP's names).
// A symbol a program made fbound to a builtin ((setf (symbol-function g)
// #'car)) holds no such function: it is the program's to change.
func (c *cell) holdsOwnBuiltin() bool {
	b, ok := c.fn.(*Builtin)
	return ok && strings.EqualFold(b.Name, c.sym.Name)
}
