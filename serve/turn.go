package serve

import (
	"context"
	"time"

	"github.com/nodelisp/nodelisp/session"
)

// turnCell is the JSON-RPC `turn` method: a cell run as a whole turn
// (session.RunTurn), the cell its input, as the REPL and the MCP eval
// tool run one. A client that drives a model calls input, window, answer
// and eval itself instead.
func turnCell(_ *Server, ctx context.Context, s *session.Session, p evalParams) (any, error) {
	if p.Code == nil {
		return nil, missing("code")
	}
	if p.TimeoutMS < 0 {
		return nil, errorf(CodeInvalidParams, "invalid params: timeout_ms must be positive, got %d", p.TimeoutMS)
	}
	return runTurn(ctx, s, *p.Code, time.Duration(p.TimeoutMS)*time.Millisecond)
}
