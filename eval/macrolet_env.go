package eval

import "github.com/nodelisp/nodelisp/lisp"

// evalWithLocalMacros evaluates form, a macrolet's expander, in the
// global environment plus the local macros and symbol macros in scope at
// sc (CLHS macrolet: the expander sees them, not the local variables and
// functions). The macros are the ones already made, shared, so a nest of
// macrolets costs one expander each, however deep.
func (t *Thread) evalWithLocalMacros(form lisp.Value, sc *scope) lisp.Value {
	var kept []*scope // innermost first
	// A local function hides an outer macro of its name, a variable an
	// outer symbol macro; the expander cannot use either, so such a name
	// is left to the global environment. Functions and variables are
	// separate namespaces.
	hiddenFn, hiddenVar := map[lisp.Value]bool{}, map[lisp.Value]bool{}
	for s := sc; s != nil; s = s.up {
		switch s.kind {
		case sFun:
			hiddenFn[s.name] = true
		case sVar, sSpecial:
			hiddenVar[s.name] = true
		case sMacro:
			if !hiddenFn[s.name] {
				kept = append(kept, s)
			}
			hiddenFn[s.name] = true
		case sSymbolMacro:
			if !hiddenVar[s.name] {
				kept = append(kept, s)
			}
			hiddenVar[s.name] = true
		}
	}
	var chain *scope
	for i := len(kept) - 1; i >= 0; i-- {
		c := *kept[i]
		c.up = chain
		chain = &c
	}
	a := &analyzer{in: t.in, t: t, lam: &lambdaInfo{}, sc: chain}
	code := a.analyze(form).code()
	base := t.sp
	v := code(&frame{s: t.alloc(a.lam.nslots), t: t})
	t.sp = base
	return v
}
