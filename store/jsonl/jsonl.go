// Package jsonl moves sessions between stores as JSON Lines, the
// interchange format of docs/storage.md: each session's line, then one line per
// event of its own, in seq order.
//
//	{"type":"session","id":"s1","title":"deploy work","created_at":"2026-11-30T10:00:00.000000Z","parent":null,"fork_seq":null}
//	{"type":"event","session":"s1","seq":1,"at":"2026-11-30T10:00:00.000000Z","kind":"input","turn":1,"payload":{"text":"fix the deploy script","parent":0}}
//
// Payload bytes pass through unchanged both ways. Import checks a whole
// file before it writes anything, then writes it in one transaction, so a
// bad line leaves the store as it was. This package is the library behind
// `nodelisp log export` and `nodelisp log import`; it does no terminal
// output of its own, only progress callbacks.
package jsonl

import (
	"encoding/json"
	"fmt"
)

// Stats counts what an export or import has handled so far.
type Stats struct {
	Lines    int64
	Sessions int64
	Events   int64
}

// Progress is called now and then during a long export or import.
type Progress func(Stats)

// LineError is a problem with one line of an import file.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// sessionLine and eventLine are the two line types. Field order here is
// the order export writes.
type sessionLine struct {
	Type      string  `json:"type"`
	ID        string  `json:"id"`
	Title     string  `json:"title"`
	CreatedAt string  `json:"created_at"`
	Parent    *string `json:"parent"`
	ForkSeq   *int64  `json:"fork_seq"`
	// Source is only written for a session that has one, so exports of
	// nodelisp's own sessions keep the line of docs/storage.md.
	Source json.RawMessage `json:"source,omitempty"`
}

type eventLine struct {
	Type    string `json:"type"`
	Session string `json:"session"`
	Seq     int64  `json:"seq"`
	At      string `json:"at"`
	Kind    string `json:"kind"`
	Turn    int64  `json:"turn"`
}

// eventInput is an event line as read: the written fields and the payload,
// whose bytes json.RawMessage keeps exactly as they stand in the line.
type eventInput struct {
	eventLine
	Payload json.RawMessage `json:"payload"`
}
