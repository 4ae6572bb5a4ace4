package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

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
	out, err := s.append(ctx, store.NewEvent{
		Kind:    store.KindInput,
		Payload: encode(inputPayload{Text: text, Parent: s.tree.head}),
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
	out, err := s.append(ctx, store.NewEvent{
		Kind: store.KindAnswer, Turn: s.tree.head,
		Payload: encode(answerPayload{Text: text}),
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
}

// Eval records a tool call, evaluates the cell in the session's image, and
// records its result. A Lisp error in the cell is recorded and returned in
// CellResult (Error set), not as err: err is for the log failing.
func (s *Session) Eval(ctx context.Context, code string) (CellResult, error) {
	if s.tree.head == 0 {
		return CellResult{}, ErrNoTurn
	}
	call := callPayload{Code: code}
	if cell, err := reader.ReadCell(code); err == nil && cell.HasNote {
		note := cell.Note
		call.Note = &note
	} else if err != nil {
		if note, ok := noteOf(code); ok {
			call.Note = &note
		}
	}
	calls, err := s.append(ctx, store.NewEvent{Kind: store.KindToolCall, Turn: s.tree.head, Payload: encode(call)})
	if err != nil {
		return CellResult{}, err
	}
	callSeq := calls[0].Seq

	before := s.watchedValues()
	start := time.Now()
	res, evalErr := s.image.Eval(ctx, code)
	elapsed := time.Since(start)

	text := res.Output
	if evalErr != nil {
		text = joinOutput(text, "error: "+evalErr.Error())
	} else {
		text = joinOutput(text, res.Printed)
	}
	changed := changedValues(before, s.watchedValues())
	payload := resultPayload{
		Call: callSeq, Text: text, DurationMS: elapsed.Milliseconds(), Error: evalErr != nil,
		Defined: nonNil(res.Defined), Watching: changed, Clip: s.clipLimit(ctx),
	}
	// The result is written even when the cell was cancelled: a call
	// always gets its result, so the log stays consistent.
	results, err := s.append(context.WithoutCancel(ctx), store.NewEvent{Kind: store.KindToolResult, Turn: s.tree.head, Payload: encode(payload)})
	if err != nil {
		return CellResult{}, err
	}
	seq := results[0].Seq
	out := CellResult{
		CallSeq: callSeq, ResultSeq: seq, Text: text, Window: resultWindowText(clipResult(text, payload.Clip, seq), seq),
		Error: evalErr != nil, Duration: elapsed, Defined: payload.Defined, Watching: changed,
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

// noteOf finds the ;; note of a cell the reader rejects, so a malformed
// cell keeps its note too.
func noteOf(code string) (string, bool) {
	for _, line := range strings.Split(code, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		if !strings.HasPrefix(t, ";;") {
			return "", false
		}
		t = strings.TrimLeft(t, ";")
		return strings.TrimPrefix(t, " "), true
	}
	return "", false
}

func nonNil(names []string) []string {
	if names == nil {
		return []string{}
	}
	return names
}
