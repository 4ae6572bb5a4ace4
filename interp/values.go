package interp

import (
	"context"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Values is what a host builtin returns to return several values, as
// (values …) does: the first alone outside a cell.
func Values(ctx context.Context, vs ...lisp.Value) lisp.Value {
	if t, ok := ctx.Value(threadKey{}).(*eval.Thread); ok {
		return t.Values(vs...)
	}
	if len(vs) == 0 {
		return lisp.Nil
	}
	return vs[0]
}
