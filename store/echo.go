package store

import (
	"bytes"
	"encoding/json"
	"github.com/nodelisp/nodelisp/event"
)

// Flags of an event that recall's default reads leave out, kept in the
// backends' events.echo column. Like Body they are derived from payloads
// when events are written, never given by a host, and they are not part
// of the log: export leaves them out and import derives them again.
//
// A flag may be set on an event after it was appended, by the append of
// the event that decides it (a cell's result comes after its call): the
// payload and body never change, only this derived column.
const (
	// FlagEcho marks the tool call and the tool result of a cell whose
	// evaluation called a recall builtin: its result's payload holds
	// "recall": true (see EchoCall). Its words are those it searched for
	// and what it found, so recall would find it again.
	FlagEcho = 1
	// FlagRepeat marks an input whose text the tool call of its own turn
	// repeats, as a REPL logs a cell: once as the turn's input and once
	// as its tool call.
	FlagRepeat = 2
)

// Hidden is the mask of flags a read leaves out.
func Hidden(skipEchoes, skipRepeats bool) int {
	m := 0
	if skipEchoes {
		m |= FlagEcho
	}
	if skipRepeats {
		m |= FlagRepeat
	}
	return m
}

// EchoCall reports whether a tool result's payload says its cell called
// recall ("recall": true) and returns the seq of its call ("call").
func EchoCall(kind string, payload json.RawMessage) (int64, bool) {
	// Most results are not echoes: skip decoding those, which a bulk
	// import would otherwise do for every result it writes.
	if kind != event.KindToolResult || !bytes.Contains(payload, []byte(`"recall"`)) {
		return 0, false
	}
	p, err := event.Decode[event.ToolResult](payload)
	if err != nil || !p.Recall {
		return 0, false
	}
	return p.Call, true
}

// Mark is a flag an append sets on an event of the same session written
// before the event that decides it. The event must be of Kind and, when
// Body is not empty, have that body.
type Mark struct {
	Seq  int64
	Kind string
	Body string
	Flag int
}

// PlanFlags returns the flags of each event of an append batch and the
// marks it sets on earlier events (or on events of the batch that it
// names by seq). A tool call whose turn is the batch's own input repeats
// it when their bodies are equal; one with a given turn marks that input
// on the same condition.
func PlanFlags(events []NewEvent) (own []int, marks []Mark) {
	own = make([]int, len(events))
	abs, ref := PlanTurns(events)
	for i, e := range events {
		if call, ok := EchoCall(e.Kind, e.Payload); ok {
			own[i] |= FlagEcho
			marks = append(marks, Mark{Seq: call, Kind: event.KindToolCall, Flag: FlagEcho})
		}
		if e.Kind != event.KindToolCall {
			continue
		}
		code := Body(e.Kind, e.Payload)
		switch {
		case ref[i] >= 0:
			in := events[ref[i]]
			if code != "" && Body(in.Kind, in.Payload) == code {
				own[ref[i]] |= FlagRepeat
			}
		case abs[i] > 0 && code != "":
			marks = append(marks, Mark{Seq: abs[i], Kind: event.KindInput, Body: code, Flag: FlagRepeat})
		}
	}
	return own, marks
}

// LogFlags returns the flags of each event of a session imported whole,
// in the same way.
func LogFlags(events []Event) []int {
	flags := make([]int, len(events))
	at := make(map[int64]int, len(events))
	for i, e := range events {
		at[e.Seq] = i
	}
	for i, e := range events {
		if call, ok := EchoCall(e.Kind, e.Payload); ok {
			flags[i] |= FlagEcho
			if j, ok := at[call]; ok && events[j].Kind == event.KindToolCall {
				flags[j] |= FlagEcho
			}
		}
		if e.Kind != event.KindToolCall {
			continue
		}
		if j, ok := at[e.Turn]; ok && events[j].Kind == event.KindInput {
			if b := Body(e.Kind, e.Payload); b != "" && Body(event.KindInput, events[j].Payload) == b {
				flags[j] |= FlagRepeat
			}
		}
	}
	return flags
}
