package eval

import "github.com/nodelisp/nodelisp/lisp"

// unsupportedStandardVars are standard special variables nodelisp does not
// implement. Binding one with let would otherwise make a lexical variable
// that nothing consults, a silent difference; it is an error naming it.
var unsupportedStandardVars = map[string]bool{
	"*BREAK-ON-SIGNALS*": true,
	"*MACROEXPAND-HOOK*": true, "*FEATURES*": true,
	"*LOAD-PATHNAME*": true, "*LOAD-TRUENAME*": true,
}

// checkBindable refuses a binding of an unsupported standard variable.
func checkBindable(op string, s *lisp.Symbol) {
	if s.Interned && unsupportedStandardVars[s.Name] {
		lisp.Errorf("%s: binding the standard variable %s is not supported by nodelisp", op, printName(s))
	}
}
