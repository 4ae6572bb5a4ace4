package eval

import (
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// LambdaList returns the closure's lambda list as a list, so the printer
// can show an anonymous function as #<function (lambda (x))>, as SBCL does.
func (c *Closure) LambdaList() lisp.Value {
	v, err := reader.New(c.lam.args).Read()
	if err != nil || !lisp.IsList(v) {
		return lisp.Nil
	}
	return v
}
