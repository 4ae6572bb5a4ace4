package session

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strconv"

	"github.com/nodelisp/nodelisp/store"
)

// Roles of window messages.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)

// Message is one message of a window.
type Message struct {
	// ID names the message in the context file: its event seq for a
	// message from the log, else "system", "stub", "turnstub", "warn" or
	// "note-SEQ-K".
	ID     string
	Role   string
	Text   string
	Seq    int64 // the event's seq; 0 for messages not from the log
	Tokens int   // estimated tokens
	// Kind is the event kind of a message from the log ("" for the
	// others): a host that sends the window tells an answer from a tool
	// call, both RoleAssistant, by it.
	Kind string
}

// windowKinds are the events that become window messages.
var windowKinds = []string{event.KindInput, event.KindAnswer, event.KindToolCall, event.KindToolResult}

// pathKinds are what a window reads: its messages' events, and the requests
// that split a turn into rounds (splitTurns).
var pathKinds = append(windowKinds[:len(windowKinds):len(windowKinds)], event.KindRequest)

// logMessage turns a window event into its message.
func logMessage(e store.Event) (Message, bool) {
	m := Message{ID: strconv.FormatInt(e.Seq, 10), Seq: e.Seq, Kind: e.Kind}
	switch e.Kind {
	case event.KindInput:
		var p event.Input
		_ = json.Unmarshal(e.Payload, &p)
		m.Role, m.Text = RoleUser, p.Text
	case event.KindAnswer:
		var p event.Answer
		_ = json.Unmarshal(e.Payload, &p)
		m.Role, m.Text = RoleAssistant, p.Text
	case event.KindToolCall:
		var p event.ToolCall
		_ = json.Unmarshal(e.Payload, &p)
		m.Role, m.Text = RoleAssistant, p.Code
	case event.KindToolResult:
		var p event.ToolResult
		_ = json.Unmarshal(e.Payload, &p)
		m.Role, m.Text = RoleTool, resultWindowText(clipResult(p.Text, p.Clip, e.Seq), e.Seq)
	default:
		return Message{}, false
	}
	return m, true
}

// pathEvents reads the window events of the path turns whose input seq is
// above boundary, in seq order. The read starts at the first such turn, so
// its cost follows the window, not the log.
func (s *Session) pathEvents(ctx context.Context, boundary int64) ([]store.Event, []int64, error) {
	var turns []int64
	for _, t := range s.tree.path(s.tree.head) {
		if !s.evicted(t, boundary) {
			turns = append(turns, t)
		}
	}
	if len(turns) == 0 {
		return nil, nil, nil
	}
	inWindow := make(map[int64]bool, len(turns))
	for _, t := range turns {
		inWindow[t] = true
	}
	r, err := s.st.Scan(ctx, store.Query{Session: s.info.ID, Kinds: pathKinds, After: turns[0] - 1})
	if err != nil {
		return nil, nil, fmt.Errorf("window of session %s: %w", s.info.ID, err)
	}
	events := r.Events[:0]
	for _, e := range r.Events {
		if inWindow[e.Turn] {
			events = append(events, e)
		}
	}
	return events, turns, nil
}
