package eval

import "github.com/nodelisp/nodelisp/lisp"

// inLocalMacros wraps form, a macrolet's expander, in the macrolet and
// symbol-macrolet definitions in scope where the analyser stands, the
// outermost first, so that the expander, evaluated apart from the
// enclosing code, still sees them (the readtable-case tests of the ANSI
// suite build deftests in a macrolet from a symbol-macrolet's table).
func (a *analyzer) inLocalMacros(form lisp.Value) lisp.Value {
	var chain []*scope // innermost first
	for s := a.sc; s != nil; s = s.up {
		if (s.kind == sMacro || s.kind == sSymbolMacro) && s.exp != nil {
			chain = append(chain, s)
		}
	}
	for _, s := range chain { // innermost first: each wraps what is inside it
		if s.kind == sSymbolMacro {
			form = lisp.List(symSymbolMacrolet, lisp.List(lisp.List(s.name, s.exp)), form)
		} else {
			form = lisp.List(symMacrolet, lisp.List(s.exp), form)
		}
	}
	return form
}

var (
	symSymbolMacrolet = lisp.Sym("symbol-macrolet")
	symMacrolet       = lisp.Sym("macrolet")
)
