package eval

import "github.com/nodelisp/nodelisp/lisp"

// warnWith signals the warning c with a muffle-warning restart, as warn
// does; when no handler muffles it, it is printed on *error-output*.
func (t *Thread) warnWith(c *lisp.Condition) {
	if t.withRestart(symMuffleWarning, "Skip warning.", func() { t.signal(c) }) {
		return
	}
	out := t.Out()
	if c := t.in.lookup(symErrorOutput); c != nil {
		if s, ok := c.value.(*lisp.Stream); ok {
			out = s
		}
	}
	out.FreshLine()
	// SBCL prints the type WARNING with ~S, so in the print case.
	out.WriteString(lisp.WriteToString(lisp.ClassWarning, t.PrintOptions()) + ": " + c.Message + "\n")
}
