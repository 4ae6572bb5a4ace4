package interp

import (
	"context"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// SymbolValue is the current value of the variable name in the cell a
// host builtin runs in (ctx is the builtin's own), its dynamic binding
// included, as symbol-value gives it: a session's file functions merge
// names with *default-pathname-defaults* as the program has bound it.
// false when the variable is unbound or ctx is not a builtin's.
func SymbolValue(ctx context.Context, name string) (lisp.Value, bool) {
	t, ok := ctx.Value(threadKey{}).(*eval.Thread)
	if !ok {
		return nil, false
	}
	return t.SymbolValue(lisp.Sym(name))
}

// Call calls the function named name with args in the cell a host
// builtin runs in (ctx is the builtin's own), as funcall does, and
// returns its primary value: a session's file functions translate a
// logical pathname with the library's translate-logical-pathname. Outside
// a builtin it returns nil.
func Call(ctx context.Context, name string, args ...lisp.Value) lisp.Value {
	t, ok := ctx.Value(threadKey{}).(*eval.Thread)
	if !ok {
		return nil
	}
	return t.Call(lisp.Sym(name), args...)
}
