package serve

import (
	"context"
	"time"

	"github.com/nodelisp/nodelisp/session"
)

// runCell evaluates a cell in the running turn, stopped when ctx is
// cancelled or after timeout (0: none). A stopped cell's result says so in
// Stopped; when the host could not record it at all the call fails with
// CodeCancelled or CodeTimeout.
func runCell(ctx context.Context, s *session.Session, code string, timeout time.Duration) (Cell, error) {
	res, err := s.Eval(ctx, code, session.TurnOptions{Timeout: timeout})
	return cellAnswer(res, timeout, err)
}

// cellAnswer translates a cell's result, or the failure to record it, for
// the wire.
func cellAnswer(res session.CellResult, timeout time.Duration, err error) (Cell, error) {
	if err != nil {
		switch res.Stopped {
		case "cancel":
			return Cell{}, errorf(CodeCancelled, "cancelled: the cell was stopped (%v)", err)
		case "timeout":
			return Cell{}, errorf(CodeTimeout, "timed out: the cell ran past %v and was stopped (%v)", timeout, err)
		}
		return Cell{}, err
	}
	out := cellOf(res)
	if res.Error {
		out.Stopped = res.Stopped
	}
	return out, nil
}

// Turn is a cell run as a whole turn (session.RunTurn), as the REPL and
// the MCP eval tool run one.
type Turn struct {
	Input  int64  `json:"input"`
	Window Window `json:"window"`
	Cell   Cell   `json:"cell"`
}

func runTurn(ctx context.Context, s *session.Session, code string, timeout time.Duration) (Turn, error) {
	t, err := s.RunTurn(ctx, code, session.TurnOptions{Timeout: timeout})
	if t.Window == nil {
		return Turn{}, err
	}
	c, err := cellAnswer(t.Cell, timeout, err)
	if err != nil {
		return Turn{}, err
	}
	return Turn{Input: t.Input, Window: windowOf(t.Window), Cell: c}, nil
}
