package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// readTimeEval is what #. evaluates with in read and read-from-string:
// the thread's eval under *read-eval* true, nothing (#. refused) under
// nil. An error in the form is signalled in the cell as any other.
func readTimeEval(t *eval.Thread, opts eval.ReadOptions) reader.ReadEval {
	if !opts.Eval {
		return nil
	}
	return func(form lisp.Value) (lisp.Value, error) { return t.Eval(form), nil }
}
