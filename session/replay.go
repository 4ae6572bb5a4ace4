package session

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/imagestate"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/store"
)

// replayed are the operators whose forms are replayed into a fresh image
// for a session from before state records (image.go, package imagestate): the
// definitions and the watch list. Values only set with setq are not
// brought back that way (docs/sessions.md).
var replayed = map[*lisp.Symbol]bool{
	lisp.Sym("defun"): true, lisp.Sym("defvar"): true, lisp.Sym("defparameter"): true,
	lisp.Sym("defconstant"): true, lisp.Sym("defmacro"): true, lisp.Sym("defstruct"): true,
	lisp.Sym("define-condition"): true, lisp.Sym("watch"): true, lisp.Sym("unwatch"): true,
}

// freshImage makes a new image with the session's builtins and the host's
// setup, and an empty watch list.
func (s *Session) freshImage() {
	s.watch = nil
	// Output is captured per cell (Stdout nil): a replayed or restored
	// form's output is dropped with its result.
	interpreter := interp.New(interp.Options{Limits: s.opts.Limits, ResultMargin: s.opts.ResultMargin})
	// Every front end of a session is a REPL of a kind (the terminal,
	// serve's input, an agent's eval): each form sets *, + and the rest.
	interpreter.Evaluator().TrackREPLVariables()
	s.installBuiltins(interpreter)
	if s.opts.Setup != nil {
		s.opts.Setup(s, interpreter)
	}
	s.interpreter = interpreter
}

// replayImage makes a fresh image and replays, silently and appending
// nothing, the definition forms and watch calls of the cells on the path
// to turn to, in order: how a session from before state records is
// rebuilt. The next cell's state record is then a full one.
func (s *Session) replayImage(ctx context.Context, to int64) error {
	ctx = withReplay(ctx) // replayed cells must not touch files again
	s.freshImage()
	s.img = imagestate.NewTracker(s.interpreter.Evaluator())
	s.img.Replayed()
	path := s.tree.path(to)
	if len(path) == 0 {
		return nil
	}
	onPath := map[int64]bool{}
	for _, t := range path {
		onPath[t] = true
	}
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: []string{event.KindToolCall}, After: path[0] - 1})
	if err != nil {
		return fmt.Errorf("rebuild session %s: %w", s.info.ID, err)
	}
	for _, e := range r.Events {
		if !onPath[e.Turn] {
			continue
		}
		var call event.ToolCall
		if json.Unmarshal(e.Payload, &call) != nil {
			continue
		}
		s.replayCell(ctx, call.Code)
	}
	return nil
}

// rebuildImage brings the image to the state of the log's newest state
// record, which always describes head (every head move writes one), or
// replays the path for a session that has none.
func (s *Session) rebuildImage(ctx context.Context) error {
	e, ok, err := store.Last(ctx, s.st, s.info.ID, event.KindState)
	if err != nil {
		return fmt.Errorf("rebuild session %s: %w", s.info.ID, err)
	}
	if !ok {
		if s.tree.head == 0 {
			s.freshImage()
			s.img = imagestate.NewTracker(s.interpreter.Evaluator())
			return nil
		}
		if !s.tree.rooted {
			if err := s.wholeTree(ctx); err != nil {
				return err
			}
		}
		return s.replayImage(ctx, s.tree.head)
	}
	chain, err := s.stateChain(ctx, e.Seq)
	if err != nil {
		return err
	}
	s.restoreNotes = s.restoreImage(ctx, e.Seq, chain)
	return nil
}

// RestoreNotes are the lines the last rebuild of the image (at resume)
// gave for what it could not restore exactly; nil when it restored all.
func (s *Session) RestoreNotes() []string { return s.restoreNotes }

// replayCell evaluates the replayable top-level forms of one cell; errors
// are ignored, as the cell's own run already recorded them.
func (s *Session) replayCell(ctx context.Context, code string) {
	cell, err := reader.ReadCell(code)
	if err != nil {
		return
	}
	for _, form := range cell.Forms {
		c, ok := form.(*lisp.Cons)
		if !ok {
			continue
		}
		if op, ok := c.Car.(*lisp.Symbol); ok && replayed[op] {
			_, _ = s.interpreter.EvalForm(ctx, cell, form)
		}
	}
	s.img.NoteReplayed(s.interpreter.Evaluator(), cell, replayed)
}
