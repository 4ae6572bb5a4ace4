package serve

import (
	"context"

	"github.com/nodelisp/nodelisp/session"
)

// turnCell is the JSON-RPC `turn` method: a cell run as a whole turn
// (session.RunTurn), the cell its input, as the REPL and the MCP eval
// tool run one. A client that drives a model calls input, window, answer
// and eval itself instead.
func turnCell(srv *Server, ctx context.Context, s *session.Session, p evalParams) (any, error) {
	if p.Code == nil {
		return nil, missing("code")
	}
	timeout, err := srv.cfg.timeoutFor(p.TimeoutMS)
	if err != nil {
		return nil, errorf(CodeInvalidParams, "invalid params: %v", err)
	}
	return runTurn(ctx, s, *p.Code, timeout)
}
