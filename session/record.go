package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/store"
)

// ErrNoTurn is returned when a call needs a running turn and the session
// has none yet: call Input first.
var ErrNoTurn = errors.New("no running turn: record an input first")

// Input records the user's message. It opens a turn that continues from
// head, and head moves to it. It returns the input's seq.
func (s *Session) Input(ctx context.Context, text string) (int64, error) {
	if err := s.follow(ctx); err != nil {
		return 0, err
	}
	defer s.leave(ctx)
	if err := s.syncSettings(ctx); err != nil {
		return 0, err
	}
	out, err := s.append(ctx, store.NewEvent{
		Kind:    event.KindInput,
		Payload: event.Encode(event.Input{Text: text, Parent: s.tree.head}),
	})
	if err != nil {
		return 0, err
	}
	return out[0].Seq, nil
}

// Answer records the model's answer text in the running turn.
func (s *Session) Answer(ctx context.Context, text string) (int64, error) {
	if s.tree.head == 0 {
		return 0, ErrNoTurn
	}
	if err := s.holdHead(ctx); err != nil {
		return 0, err
	}
	defer s.leave(ctx)
	out, err := s.append(ctx, store.NewEvent{
		Kind: event.KindAnswer, Turn: s.tree.head,
		Payload: event.Encode(event.Answer{Text: text}),
	})
	if err != nil {
		return 0, err
	}
	return out[0].Seq, nil
}

// CellResult is what one evaluated cell gave, as recorded.
type CellResult struct {
	CallSeq   int64             // the tool call's seq
	ResultSeq int64             // the tool result's seq
	Text      string            // the result text as stored (output, then value or error)
	Window    string            // the text the window shows: Text, clipped when long (clip.go), and a final "[seq N]" line
	Error     bool              // the cell ended in an error
	Duration  time.Duration     //
	Defined   []string          // names the cell defined
	Watching  map[string]string // watched values the cell changed
	Value     lisp.Value        // the cell's value (nil on error)
	// Stopped is "cancel" when the caller's context was cancelled during
	// the cell, "timeout" when it ran past its timeout, else "".
	Stopped string
	// Condition describes the error the cell ended in (nil without one):
	// its type, position and backtrace, as serve answers them.
	Condition *interp.ErrorReport
}

// recordCell records a tool call for a cell read already, which is not
// read again, evaluates it and records its result: its note goes in the
// call, and its positions name the call's seq (set in its Source), so an
// error in a function it defines that a later cell calls says which cell
// the code is in.
func (s *Session) recordCell(ctx context.Context, cell *reader.Cell) (CellResult, error) {
	if s.tree.head == 0 {
		return CellResult{}, ErrNoTurn
	}
	if err := s.holdHead(ctx); err != nil {
		return CellResult{}, err
	}
	defer s.leave(ctx)
	source, readErr := cell.Source(), cell.Err()
	call := event.ToolCall{Code: cell.Text()}
	if cell.HasNote { // a cell that does not read still has its note
		note := cell.Note
		call.Note = &note
	}
	calls, err := s.append(ctx, store.NewEvent{Kind: event.KindToolCall, Turn: s.tree.head, Payload: event.Encode(call)})
	if err != nil {
		return CellResult{}, err
	}
	callSeq := calls[0].Seq
	if source != nil { // nil for a cell ReadCell did not make
		source.Seq = callSeq
	}

	before := s.watchedValues()
	start := time.Now()
	kept, stopKeeping := s.keepLease(ctx)
	cellCtx, recalled := s.recallCell(kept, callSeq)
	var res interp.Result
	evalErr := readErr
	if readErr == nil || s.interpreter.ReadsLive(cell) {
		res, evalErr = s.interpreter.EvalCell(cellCtx, cell)
	}
	s.discardOpenOutputs()
	stopKeeping()
	elapsed := time.Since(start)

	text := res.Output
	var failure *interp.ErrorReport
	if evalErr != nil {
		report := interp.Report(evalErr, source)
		failure = &report
		text = joinOutput(text, strings.Join(append([]string{"error: " + evalErr.Error()}, report.Lines()...), "\n"))
	} else {
		text = joinOutput(text, res.Printed)
	}
	changed := changedValues(before, s.watchedValues())
	payload := event.ToolResult{
		Call: callSeq, Text: text, DurationMS: elapsed.Milliseconds(), Error: evalErr != nil,
		Defined: nonNil(res.Defined), Watching: changed, Recall: recalled.Recalled(), Condition: condition(failure),
		Clip: s.clipLimit(ctx),
	}
	// The result is written even when the cell was cancelled: a call
	// always gets its result, so the log stays consistent. What the cell
	// changed in the image's state goes in the same append.
	events := []store.NewEvent{{Kind: event.KindToolResult, Turn: s.tree.head, Payload: event.Encode(payload)}}
	stateEv, state, changedState := s.stateEvent(cell)
	if changedState {
		events = append(events, stateEv)
	}
	results, err := s.append(context.WithoutCancel(ctx), events...)
	if err != nil {
		return CellResult{}, err
	}
	if changedState {
		s.noteState(results[1], state)
	}
	seq := results[0].Seq
	out := CellResult{
		CallSeq: callSeq, ResultSeq: seq, Text: text, Window: resultWindowText(clipResult(text, payload.Clip, seq), seq),
		Error: evalErr != nil, Duration: elapsed, Defined: payload.Defined, Watching: changed,
		Condition: failure,
	}
	if evalErr == nil {
		out.Value = res.Value
	}
	return out, nil
}

// resultWindowText is a tool result as the window shows it: its text and a
// final line naming its seq, which recall-entry and (context :drop) take.
func resultWindowText(text string, seq int64) string {
	return joinOutput(text, fmt.Sprintf("[seq %d]", seq))
}

// joinOutput puts b on its own line after a.
func joinOutput(a, b string) string {
	switch {
	case a == "":
		return b
	case strings.HasSuffix(a, "\n"):
		return a + b
	}
	return a + "\n" + b
}

// nonNil is names, or an empty list for nil, so the payload holds []
// rather than null.
func nonNil(names []string) []string {
	if names == nil {
		return []string{}
	}
	return names
}

// condition is the part of an error report the log records.
func condition(r *interp.ErrorReport) *event.Condition {
	if r == nil {
		return nil
	}
	return &r.Condition
}
