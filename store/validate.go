package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"unicode/utf8"
)

// CheckPayload reports whether p can be stored: one JSON object in valid
// UTF-8 on a single line. The line rule keeps every payload writable
// verbatim into a JSON Lines export; JSON can only hold a raw newline as
// whitespace between tokens, so compact encoders never produce one (but
// json.Encoder.Encode adds a trailing one, which must be trimmed).
func CheckPayload(p json.RawMessage) error {
	switch {
	case !utf8.Valid(p):
		return fmt.Errorf("payload is not valid UTF-8: %w", ErrInvalid)
	case bytes.ContainsAny(p, "\n\r"):
		return fmt.Errorf("payload holds a raw line break: %w", ErrInvalid)
	case !json.Valid(p):
		return fmt.Errorf("payload is not valid JSON: %w", ErrInvalid)
	}
	if t := bytes.TrimLeft(p, " \t"); len(t) == 0 || t[0] != '{' {
		return fmt.Errorf("payload is not a JSON object: %w", ErrInvalid)
	}
	return nil
}

// CheckNewEvents checks a batch for Append: at least one event, each with
// a kind and a storable payload.
func CheckNewEvents(events []NewEvent) error {
	if len(events) == 0 {
		return fmt.Errorf("no events: %w", ErrInvalid)
	}
	for i, e := range events {
		if e.Kind == "" {
			return fmt.Errorf("event %d: empty kind: %w", i, ErrInvalid)
		}
		if e.Turn < 0 {
			return fmt.Errorf("event %d: negative turn: %w", i, ErrInvalid)
		}
		if err := CheckPayload(e.Payload); err != nil {
			return fmt.Errorf("event %d: %w", i, err)
		}
	}
	return nil
}

// PlanTurns says how each event of a batch gets its turn. When ref[i] is
// -1, the turn is abs[i] as given; otherwise it is the seq of the batch's
// event ref[i] (the event itself for an input), which the backend learns
// only when it allocates seqs. See NewEvent.Turn.
func PlanTurns(events []NewEvent) (abs []int64, ref []int) {
	abs = make([]int64, len(events))
	ref = make([]int, len(events))
	lastInput := -1
	for i, e := range events {
		if e.Kind == event.KindInput {
			lastInput = i
		}
		abs[i], ref[i] = e.Turn, -1
		if e.Turn == 0 {
			ref[i] = lastInput
		}
	}
	return abs, ref
}

// ResolveTurns returns the turn of each event of a batch whose first event
// gets seq first.
func ResolveTurns(first int64, events []NewEvent) []int64 {
	abs, ref := PlanTurns(events)
	for i, r := range ref {
		if r >= 0 {
			abs[i] = first + int64(r)
		}
	}
	return abs
}
