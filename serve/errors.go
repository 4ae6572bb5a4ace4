package serve

import (
	"context"
	"errors"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// rpcError gives an error its JSON-RPC code. Errors the session host
// returns for a request it cannot honour now are CodeRefused; the log
// failing is CodeServer.
func rpcError(err error) *Error {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, session.ErrNoTurn):
		return errorf(CodeNoTurn, "%v", err)
	case errors.Is(err, session.ErrNothingToUndo), errors.Is(err, session.ErrNothingToRedo),
		errors.Is(err, evict.ErrNothingToEvict):
		return errorf(CodeRefused, "%v", err)
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrExists):
		return errorf(CodeNotFound, "%v", err)
	case errors.Is(err, context.DeadlineExceeded):
		return errorf(CodeTimeout, "timed out: %v", err)
	case errors.Is(err, context.Canceled):
		return errorf(CodeCancelled, "cancelled: %v", err)
	}
	return errorf(CodeServer, "%v", err)
}
