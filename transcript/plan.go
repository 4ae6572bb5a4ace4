package transcript

import (
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/store"
)

// known is what a session already holds of a transcript: the source ids
// of its events, the seqs of its tool calls by call id, its last seq and
// the turn its last event belongs to.
type known struct {
	keys  map[string]bool
	calls map[string]int64
	last  int64
	turn  int64 // the seq of the last input, zero before any
}

// newKnown is what a new session holds: nothing.
func newKnown() *known {
	return &known{keys: map[string]bool{}, calls: map[string]int64{}}
}

// add notes a session's own events, read back from the store.
func (k *known) add(events []store.Event) error {
	for _, e := range events {
		p, err := event.Decode[event.Origin](e.Payload)
		if err != nil || p.SourceID == nil {
			return fmt.Errorf("seq %d holds no source_id: the session was not imported from a transcript", e.Seq)
		}
		k.keys[*p.SourceID] = true
		if e.Kind == event.KindToolCall && p.CallID != "" {
			k.calls[p.CallID] = e.Seq
		}
		if e.Kind == event.KindInput {
			k.turn = e.Seq
		}
		k.last = max(k.last, e.Seq)
	}
	return nil
}

// planned is an event with its seq, turn and payload decided.
type planned struct {
	seq, turn int64
	e         entry
	payload   json.RawMessage
}

// plan turns the entries the session lacks into events that continue it:
// seqs after k.last, the turn of the nearest input before, tool results
// linked to their call's seq (zero when the transcript has no such call).
// k then holds them too, as it will once they are written.
func plan(entries []entry, k *known) ([]planned, error) {
	var out []planned
	for _, e := range entries {
		if k.keys[e.key] {
			continue
		}
		k.keys[e.key] = true
		k.last++
		seq, prev := k.last, k.turn
		if e.kind == event.KindInput {
			k.turn = seq
		}
		if e.kind == event.KindToolCall && e.call != "" {
			k.calls[e.call] = seq
		}
		p, err := payloadOf(e, prev, k.calls)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.key, err)
		}
		out = append(out, planned{seq: seq, turn: k.turn, e: e, payload: p})
	}
	return out, nil
}

// payloadOf is an entry's payload. prev is the turn an input continues
// from, its "parent" (docs/storage.md): the transcript's turns form one line.
func payloadOf(e entry, prev int64, calls map[string]int64) (json.RawMessage, error) {
	switch e.kind {
	case event.KindInput:
		return event.Marshal(event.ImportedInput{Input: event.Input{Text: e.text, Parent: prev}, SourceID: e.key})
	case event.KindAnswer:
		return event.Marshal(event.ImportedAnswer{Answer: event.Answer{Text: e.text}, SourceID: e.key})
	case event.KindToolCall:
		return event.Marshal(event.ImportedToolCall{ToolCall: event.ToolCall{Code: e.code}, Tool: e.tool, Input: e.input, CallID: e.call, SourceID: e.key})
	case event.KindToolResult:
		return event.Marshal(event.ImportedToolResult{Call: calls[e.call], Text: e.text, Error: e.isError, CallID: e.call,
			Record: e.record, SourceID: e.key})
	}
	return event.Marshal(event.SourceRecord{Text: e.text, Record: e.record, SourceID: e.key})
}

// sessionLog is a new session holding every planned event, for
// store.Import.
func sessionLog(t *Transcript, evs []planned) (store.SessionLog, error) {
	src, err := event.Marshal(t.Source())
	if err != nil {
		return store.SessionLog{}, err
	}
	id := t.SessionID()
	s := store.Session{ID: id, Title: t.Title, Source: src, CreatedAt: store.Now()}
	if len(evs) > 0 {
		s.CreatedAt = evs[0].e.at
	}
	if s.Title == "" {
		// No words of the user's to name it by (a session of slash
		// commands, or one still waiting for its first prompt).
		s.Title = fmt.Sprintf("%s session of %s", t.Format, s.CreatedAt.UTC().Format("2006-01-02 15:04 UTC"))
	}
	l := store.SessionLog{Session: s}
	for _, p := range evs {
		l.Events = append(l.Events, store.Event{Session: id, Seq: p.seq, At: p.e.at, Kind: p.e.kind,
			Turn: p.turn, Payload: p.payload, Body: store.Body(p.e.kind, p.payload)})
	}
	return l, nil
}

// newEvents is the planned events as an append to an existing session,
// at the transcript's times and with the turns plan decided.
func newEvents(evs []planned) []store.NewEvent {
	out := make([]store.NewEvent, len(evs))
	for i, p := range evs {
		out[i] = store.NewEvent{Kind: p.e.kind, Turn: p.turn, Payload: p.payload, At: p.e.at}
	}
	return out
}
