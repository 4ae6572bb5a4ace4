package eval

import "github.com/nodelisp/nodelisp/lisp"

// Bind runs body with each of syms dynamically bound to the value at its
// place in vals, as a let of special variables does (load binds *package*
// and *readtable* so a file's in-package stays in the file). The bindings
// are undone when body returns and when a non-local exit leaves it.
func (t *Thread) Bind(syms []*lisp.Symbol, vals []lisp.Value, body func() lisp.Value) lisp.Value {
	level := len(t.specials)
	defer func() {
		// A non-local exit's catch restores its own, lower level after
		// this; only what is still bound above this one is undone here.
		if len(t.specials) > level {
			t.unbind(level)
		}
	}()
	for i, s := range syms {
		t.bindSpecial(t.in.cell(s), vals[i])
	}
	return body()
}
