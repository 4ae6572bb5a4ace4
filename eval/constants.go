package eval

import "github.com/nodelisp/nodelisp/lisp"

// DefineConstant makes name a constant of the image with value v, as
// (defconstant name v) would; the library defines the standard constants
// with it.
func (in *Interp) DefineConstant(name string, v lisp.Value) {
	c := in.cell(lisp.Sym(name))
	c.value = v
	c.constant = true
}
