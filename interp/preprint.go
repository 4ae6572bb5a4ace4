package interp

import (
	"context"
	"math/big"

	"github.com/nodelisp/nodelisp/lisp"
)

// preprint converts a cell's value, when it is a bignum of millions of
// digits, to text under the cell's context: printing it takes seconds,
// and a cancel or timeout must still end the cell (lisp/bigtext.go).
func preprint(ctx context.Context, v lisp.Value) error {
	x, ok := v.(*big.Int)
	if !ok || x.BitLen() <= 1<<16 || lisp.HasBigText(x) {
		return nil
	}
	done := make(chan string, 1)
	go func() { done <- x.String() }()
	select {
	case text := <-done:
		lisp.RememberBigText(x, text)
		return nil
	case <-ctx.Done():
		msg := "evaluation cancelled"
		if ctx.Err() == context.DeadlineExceeded {
			msg = "evaluation timed out"
		}
		return &lisp.Condition{Class: lisp.ClassLimit, Message: msg + " while printing the value"}
	}
}
