package session

import (
	"context"
	"time"

	"github.com/nodelisp/nodelisp/reader"
)

// TurnOptions bound one turn.
type TurnOptions struct {
	// Timeout stops the cell's evaluation after this long; 0 is none. The
	// input and the request are not timed: they are the log's work.
	Timeout time.Duration
}

// Turn is one cell run as a whole turn, as the REPL, scripts of the REPL
// and serve's MCP eval tool run one.
type Turn struct {
	// Input is the seq of the turn's input event.
	Input int64
	// Window is the request made before the cell ran: it says whether it
	// warned or evicted, and carries the receipt of a taken context edit.
	Window *Window
	// Cell is the cell's recorded result.
	Cell CellResult
	// Stopped is "cancel" when ctx was cancelled during the cell, "timeout"
	// when the cell ran past its Timeout, else "".
	Stopped string
}

// RunTurn runs src as one turn: its input, then the request (the window
// rebuilt and sent, so a pending context edit is taken and the warning and
// eviction apply, as a host does before it calls a model), then src as the
// turn's one tool call and its result. Every front end runs a turn through
// here and only translates what it returns.
//
// When ctx or the timeout stops the cell, its recorded result says so
// (Stopped); the error is set only when the log could not be written, or
// another host holds the session (errors.Is store.ErrHeld: the error names
// it) and nothing was written. The session's lease is held for the whole
// turn and released when it ends (lease.go).
func (s *Session) RunTurn(ctx context.Context, src string, opts TurnOptions) (Turn, error) {
	cell, _ := reader.ReadCell(src) // its error is the cell's, told in its result
	return s.RunCell(ctx, cell, opts)
}

// RunCell is RunTurn for a cell a front end has read already (the REPL,
// to know the cell was whole): the cell is not read again.
func (s *Session) RunCell(ctx context.Context, cell *reader.Cell, opts TurnOptions) (Turn, error) {
	if err := s.follow(ctx); err != nil {
		return Turn{}, err
	}
	defer s.leave(ctx)
	seq, err := s.Input(ctx, cell.Text())
	if err != nil {
		return Turn{}, err
	}
	w, err := s.Window(ctx, WindowOptions{Send: true})
	if err != nil {
		return Turn{Input: seq}, err
	}
	t := Turn{Input: seq, Window: w}
	t.Cell, t.Stopped, err = s.evalFor(ctx, cell, opts)
	return t, err
}

// EvalFor is Eval bounded by opts.Timeout: stopped is "cancel" when ctx
// was cancelled during the cell, "timeout" when it ran past the timeout,
// else "". A stopped cell's result is recorded like any other.
func (s *Session) EvalFor(ctx context.Context, code string, opts TurnOptions) (res CellResult, stopped string, err error) {
	cell, _ := reader.ReadCell(code) // its error is the cell's, told in its result
	return s.evalFor(ctx, cell, opts)
}

// evalFor is EvalFor of a cell read already.
func (s *Session) evalFor(ctx context.Context, cell *reader.Cell, opts TurnOptions) (res CellResult, stopped string, err error) {
	cellCtx := ctx
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		cellCtx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	res, err = s.EvalCell(cellCtx, cell)
	switch {
	case ctx.Err() != nil:
		stopped = "cancel"
	case cellCtx.Err() != nil:
		stopped = "timeout"
	}
	return res, stopped, err
}
