package main

import (
	"fmt"

	"github.com/nodelisp/nodelisp/internal/cli"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// defineHostStubs defines each host form as a builtin that explains why it
// is missing. It is reached only by a program that builds the name at run
// time (intern, read-from-string): one that writes the name out runs in
// the host, where the real form is.
func defineHostStubs(it *interp.Interpreter) func() {
	for _, name := range cli.HostForms {
		it.Define(name, name+" reads the log; nodelisp opens it for a program whose text names "+name+".",
			func([]lisp.Value) (lisp.Value, error) {
				return nil, fmt.Errorf("this program ran without the log, which nodelisp opens only when the program's text names %s or --session is given", name)
			})
	}
	return func() {}
}
