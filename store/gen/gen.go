// Package gen makes synthetic logs for benchmarks and scale tests, so
// anyone can reproduce the figures in docs/storage.md. It is
// deterministic for a given Config: the same seed gives the same bytes.
package gen

import (
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// Config shapes a synthetic log.
type Config struct {
	Sessions int // number of root sessions
	Events   int // events per session
	// PayloadBytes is the rough size of each payload's text (default 300).
	PayloadBytes int
	// RareWord is put into one payload in RareEvery (none when zero).
	RareWord  string
	RareEvery int
	Seed      uint64
	// Start is the first event's time (default 2026-11-30T10:00:00Z);
	// events are a millisecond apart.
	Start time.Time
}

// vocabulary is varied text: code words, prose, a little non-ASCII.
var vocabulary = strings.Fields(`deploy script the a of to and in is it that for on with as
	error result value function return file path config test build run server client request
	response timeout retry cache index query table session event turn window budget token
	eviction stub recall match search lineage fork head undo redo change write read open close
	(defun (let (if (recall-log :match nil t "text" 42 0.5 -1 café naïve straße 日本 ÉCOLE`)

// Logs returns the sessions with their events, turns of input, tool call
// and tool result, ready for Store.Import.
func Logs(c Config) []store.SessionLog {
	if c.PayloadBytes <= 0 {
		c.PayloadBytes = 300
	}
	if c.Start.IsZero() {
		c.Start = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	}
	r := rand.New(rand.NewPCG(c.Seed, c.Seed^0x9e3779b97f4a7c15))
	logs := make([]store.SessionLog, c.Sessions)
	at := c.Start
	n := 0
	for si := range logs {
		id := fmt.Sprintf("gen-%06d", si)
		logs[si].Session = store.Session{ID: id, Title: "synthetic " + id, CreatedAt: at}
		evs := make([]store.Event, c.Events)
		var turn int64
		for i := range evs {
			seq := int64(i + 1)
			kind := [...]string{event.KindInput, event.KindToolCall, event.KindToolResult}[i%3]
			if kind == event.KindInput {
				turn = seq
			}
			n++
			txt := sentence(r, c.PayloadBytes)
			if c.RareEvery > 0 && c.RareWord != "" && n%c.RareEvery == 0 {
				txt = c.RareWord + " " + txt
			}
			evs[i] = store.Event{Session: id, Seq: seq, At: at, Kind: kind, Turn: turn, Payload: payloadFor(kind, txt, seq)}
			at = at.Add(time.Millisecond)
		}
		logs[si].Events = evs
	}
	return logs
}

// NewEvents returns count events as a host would append them: turns of
// input, tool call and tool result with text of about size bytes.
func NewEvents(seed uint64, count, size int) []store.NewEvent {
	r := rand.New(rand.NewPCG(seed, seed+1))
	out := make([]store.NewEvent, count)
	for i := range out {
		kind := [...]string{event.KindInput, event.KindToolCall, event.KindToolResult}[i%3]
		out[i] = store.NewEvent{Kind: kind, Payload: payloadFor(kind, sentence(r, size), 0)}
	}
	return out
}

func sentence(r *rand.Rand, size int) string {
	var sb strings.Builder
	for sb.Len() < size {
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(vocabulary[r.IntN(len(vocabulary))])
	}
	return sb.String()
}

func payloadFor(kind, txt string, seq int64) json.RawMessage {
	var v any
	switch kind {
	case event.KindInput:
		v = map[string]any{"text": txt, "parent": 0}
	case event.KindToolCall:
		v = map[string]any{"code": txt, "note": nil}
	default:
		v = map[string]any{"call": seq - 1, "text": txt, "duration_ms": 3, "error": false}
	}
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return json.RawMessage(strings.TrimSuffix(sb.String(), "\n"))
}
