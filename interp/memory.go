package interp

import (
	"context"
	"unsafe"

	"github.com/nodelisp/nodelisp/eval"
)

// threadKey carries the evaluating thread in a host builtin's context, so
// a host builtin's large allocations go through the image's memory cap as
// the evaluator's own do.
type threadKey struct{}

func withThread(ctx context.Context, t *eval.Thread) context.Context {
	return context.WithValue(ctx, threadKey{}, t)
}

// Reserve books bytes against the running cell's memory cap before a host
// builtin makes an object that large (eval.Thread.Reserve); past the cap
// the cell ends with an evaluation-limit condition naming what. It must
// be called on the builtin's own goroutine, the cell's. Outside a cell it
// does nothing.
func Reserve(ctx context.Context, bytes int64, what string) {
	if t, ok := ctx.Value(threadKey{}).(*eval.Thread); ok {
		t.Reserve(bytes, what)
	}
}

// HoldText books text a host builtin made to the running cell's image
// until the collector frees it (eval.Hold).
func HoldText(ctx context.Context, s string) {
	if t, ok := ctx.Value(threadKey{}).(*eval.Thread); ok && len(s) > 0 {
		eval.Hold(t, unsafe.StringData(s), int64(len(s)))
	}
}
