package recall

import (
	"context"
	"errors"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// storeFailed turns a store error into a Lisp error naming the form. A
// missing session reads `recall-log: no session "nope"`. When the cell's
// context has ended, the failure is the cancellation, and it is signalled
// as the evaluator signals one: an evaluation limit, which handler-case
// on error does not catch, so a cancelled cell really ends.
func storeFailed(ctx context.Context, op, session string, err error) {
	if ctx.Err() != nil {
		cancelled()
	}
	if errors.Is(err, store.ErrNotFound) {
		noSession(op, session)
	}
	lisp.Errorf("%s: %v", op, err)
}

func noSession(op, session string) {
	lisp.Errorf("%s: no session %s", op, lisp.Prin1ToString(lisp.NewString(session)))
}

// cancelled signals the end of a cancelled cell as the evaluator does.
func cancelled() {
	lisp.SignalClass(lisp.ClassLimit, "evaluation cancelled")
}
