package eval

import "github.com/nodelisp/nodelisp/lisp"

// EachSpecial calls fn with every global (special) variable the image has
// bound and its value, in no particular order, until fn returns false. A
// session host uses it to see what a cell changed in the image's state.
func (in *Interp) EachSpecial(fn func(sym *lisp.Symbol, v lisp.Value) bool) {
	for sym, c := range in.cells {
		if c.special && c.value != nil && !c.constant {
			if !fn(sym, c.value) {
				return
			}
		}
	}
}

// SetSpecial makes sym a global (special) variable holding v, as defvar
// does, without evaluating anything: a host restoring a recorded image.
func (in *Interp) SetSpecial(sym *lisp.Symbol, v lisp.Value) {
	c := in.cell(sym)
	c.special = true
	c.value = v
}

// Unbind makes sym's global value unbound (makunbound).
func (in *Interp) Unbind(sym *lisp.Symbol) {
	if c := in.lookup(sym); c != nil && !c.constant {
		c.value = nil
	}
}
