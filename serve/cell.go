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
	cellCtx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		cellCtx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	res, err := s.Eval(cellCtx, code)
	stopped := ""
	switch {
	case ctx.Err() != nil:
		stopped = "cancel"
	case cellCtx.Err() != nil:
		stopped = "timeout"
	}
	if err != nil {
		switch stopped {
		case "cancel":
			return Cell{}, errorf(CodeCancelled, "cancelled: the cell was stopped (%v)", err)
		case "timeout":
			return Cell{}, errorf(CodeTimeout, "timed out: the cell ran past %v and was stopped (%v)", timeout, err)
		}
		return Cell{}, err
	}
	out := cellOf(res)
	if res.Error {
		out.Stopped = stopped
	}
	return out, nil
}

// Turn is a cell run as a whole turn, as the REPL and the MCP eval tool
// run one: the cell is the turn's input, the window is requested (so
// eviction and the warning apply), and the cell is evaluated.
type Turn struct {
	Input  int64  `json:"input"`
	Window Window `json:"window"`
	Cell   Cell   `json:"cell"`
}

func runTurn(ctx context.Context, s *session.Session, code string, timeout time.Duration) (Turn, error) {
	seq, err := s.Input(ctx, code)
	if err != nil {
		return Turn{}, err
	}
	w, err := s.Window(ctx, session.WindowOptions{Send: true})
	if err != nil {
		return Turn{}, err
	}
	c, err := runCell(ctx, s, code, timeout)
	if err != nil {
		return Turn{}, err
	}
	return Turn{Input: seq, Window: windowOf(w), Cell: c}, nil
}
