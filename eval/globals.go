package eval

import "github.com/nodelisp/nodelisp/lisp"

// EachSpecial calls fn with every global variable the image has bound
// and its value, in no particular order, until fn returns false: those
// defvar, defparameter or a declaration made special, and those a setq,
// set or (setf symbol-value) gave a global value without declaring them
// (IsSpecial tells them apart). A session host uses it to see what a cell
// changed in the image's state. The REPL variables (*, +, /, - and their
// kin) are left out: they are the REPL's convenience, not state.
func (in *Interp) EachSpecial(fn func(sym *lisp.Symbol, v lisp.Value) bool) {
	for sym, c := range in.cells {
		if c.value != nil && !c.constant && !replVars[sym] {
			if !fn(sym, c.value) {
				return
			}
		}
	}
}

// IsSpecial reports whether sym is declared special (defvar, defparameter,
// declaim), rather than a global only assigned.
func (in *Interp) IsSpecial(sym *lisp.Symbol) bool {
	c := in.lookup(sym)
	return c != nil && c.special
}

// RestoreGlobal gives sym the global value v without evaluating anything,
// declared special or not as it was: a host restoring a recorded image.
func (in *Interp) RestoreGlobal(sym *lisp.Symbol, v lisp.Value, special bool) {
	c := in.cell(sym)
	c.special = c.special || special
	c.value = v
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
