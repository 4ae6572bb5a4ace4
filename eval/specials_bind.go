package eval

import "github.com/nodelisp/nodelisp/lisp"

// WithSpecials runs body with the special variables syms dynamically
// bound to vals, as let would bind them, for library code in Go that
// calls a program's function under bindings of its own (the printer
// binding *print-escape* around a pprint dispatch function).
func (t *Thread) WithSpecials(syms []*lisp.Symbol, vals []lisp.Value, body func()) {
	level := len(t.specials)
	defer t.unbind(level)
	for i, s := range syms {
		t.bindSpecial(t.in.cell(s), vals[i])
	}
	body()
}
