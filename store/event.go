package store

import (
	"encoding/json"
	"time"
)

// Session is one session of a store. A root session has an empty Parent
// and a nil ForkSeq; a fork names the session it was forked from and the
// parent's seq at the fork.
type Session struct {
	ID        string
	Title     string
	CreatedAt time.Time
	Parent    string
	ForkSeq   *int64
	// Source, when not nil, is a JSON object saying where an imported
	// session came from (see source.go); sessions nodelisp made have none.
	Source json.RawMessage
}

// Event is one entry of the log as stored.
type Event struct {
	Session string
	Seq     int64
	At      time.Time
	Kind    string
	Turn    int64
	Payload json.RawMessage
	Body    string
}

// NewEvent is an event a caller asks the store to append; the store assigns
// its seq and time.
//
// Turn is the seq of the input event that opened the turn. Zero asks the
// store to fill it in: an input event gets its own seq, and any other event
// gets the seq of the nearest input before it in the same append call (or
// zero when the call holds none), so a turn appended in one call needs no
// seqs from the caller.
//
// At, when not zero, is the event's time as another log recorded it (an
// imported transcript); zero asks the store for the time of the append.
type NewEvent struct {
	Kind    string
	Turn    int64
	Payload json.RawMessage
	At      time.Time
}

// SessionLog is a session with its own events (not its parent's), in seq
// order, as moved between stores by Import and store/jsonl.
type SessionLog struct {
	Session Session
	Events  []Event
}
