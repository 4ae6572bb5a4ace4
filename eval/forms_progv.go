package eval

import "github.com/nodelisp/nodelisp/lisp"

// progv binds symbols chosen at run time as special variables: each symbol
// of the first list to the value at its place in the second, leaving the
// extra symbols unbound, for the extent of the body.
func sfProgv(a *analyzer, form *lisp.Cons) *ir {
	xs := formArgs("progv", form, 2, -1)
	syms, vals := a.analyze(xs[0]), a.analyze(xs[1])
	body := a.body(form.Cdr.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr)
	return &ir{gen: func(bool) code {
		sc, vc, bc := syms.code(), vals.code(), body.code()
		return func(fr *frame) lisp.Value {
			t := fr.t
			names := lisp.ListToSlice("progv", sc(fr))
			values := lisp.ListToSlice("progv", vc(fr))
			level := len(t.specials)
			for i, n := range names {
				s, ok := n.(*lisp.Symbol)
				if !ok || s == lisp.Nil || s == lisp.T || s.Keyword {
					t.unbind(level)
					lisp.TypeError("progv", n, "a symbol that names a variable")
				}
				c := t.in.cell(s)
				if c.constant {
					t.unbind(level)
					lisp.SignalClass(lisp.ClassProgramError, "progv: cannot bind the constant %s", printName(s))
				}
				checkBindable("progv", s)
				var v lisp.Value // unbound when the values run out
				if i < len(values) {
					v = values[i]
				}
				t.bindSpecial(c, v)
			}
			v := bc(fr)
			t.unbind(level)
			return v
		}
	}}
}
