package session

import (
	"context"
	"time"

	"github.com/nodelisp/nodelisp/reader"
)

// TurnOptions bound one cell, run alone (Eval) or as a whole turn
// (RunTurn).
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
	// Cell is the cell's recorded result; its Stopped says whether ctx or
	// the timeout stopped it.
	Cell CellResult
}

// RunTurn runs src as one turn: its input, then the request (the window
// rebuilt and sent, so a pending context edit is taken and the warning and
// eviction apply, as a host does before it calls a model), then src as the
// turn's one tool call and its result. Every front end runs a turn through
// here and only translates what it returns.
//
// When ctx or the timeout stops the cell, its recorded result says so
// (Cell.Stopped); the error is set only when the log could not be written, or
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
	t.Cell, err = s.evalCell(ctx, cell, opts)
	return t, err
}

// Eval runs code as a cell of the running turn: it records a tool call,
// evaluates the cell in the session's image, and records its result. A
// Lisp error in the cell is recorded and returned in the CellResult (Error
// set), not as err: err is for the log failing. The cell is bounded by
// opts.Timeout, and its result's Stopped is "cancel" when ctx was
// cancelled during the cell, "timeout" when it ran past the timeout, else
// "" (a stopped cell's result is recorded like any other, and Stopped is
// set on the error's zero result too).
func (s *Session) Eval(ctx context.Context, code string, opts TurnOptions) (CellResult, error) {
	cell, _ := reader.ReadCell(code) // its error is the cell's, told in its result
	return s.evalCell(ctx, cell, opts)
}

// evalCell is Eval of a cell read already, the one path by which RunTurn,
// RunCell and Eval run a cell.
func (s *Session) evalCell(ctx context.Context, cell *reader.Cell, opts TurnOptions) (CellResult, error) {
	cellCtx := ctx
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		cellCtx, cancel = context.WithTimeout(ctx, opts.Timeout)
		defer cancel()
	}
	res, err := s.recordCell(cellCtx, cell)
	switch {
	case ctx.Err() != nil:
		res.Stopped = "cancel"
	case cellCtx.Err() != nil:
		res.Stopped = "timeout"
	}
	return res, err
}
