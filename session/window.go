package session

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	ctxfile "github.com/nodelisp/nodelisp/context"
	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/evict"

	"github.com/nodelisp/nodelisp/store"
)

// Window is the window for a model request, and the figures behind it.
type Window struct {
	Messages []Message
	Head     int64 // the running turn
	// Usage holds the window's figures, once: the effective budget and
	// its source, the eviction boundary (path turns with input seq ≤ it
	// are evicted), whether the warning was given since the last
	// eviction, and the tokens by part; Used is the window's total
	// (estimates, or the provider's report plus estimates).
	evict.Usage
	// Warning and Evicted say what this request did: gave the warning,
	// moved the boundary or shed rounds. (The warning's tokens are
	// Usage.Warning.)
	Warning, Evicted bool
	// WarnPercent is the share of the budget the warning's text states,
	// when this request gave it: what a host shows beside it.
	WarnPercent int
	// Receipt is what this request did with a pending context edit (its
	// Text is what it wrote to context.receipt.txt); nil when none was
	// pending. Front ends render it.
	Receipt *ctxfile.Receipt
}

// WindowOptions say what a window is for.
type WindowOptions struct {
	// Send marks the window a request (docs/sessions.md): pending context edits are
	// taken, the warning and eviction are applied, and the request is
	// recorded. Without it the window is only looked at.
	Send bool
}

// Window builds the window for the next model request from the log.
func (s *Session) Window(ctx context.Context, opts WindowOptions) (*Window, error) {
	var receipt *ctxfile.Receipt
	if opts.Send && s.tree.head != 0 {
		if err := s.syncSettings(ctx); err != nil {
			return nil, err
		}
		var err error
		if receipt, err = s.takeContext(ctx); err != nil {
			return nil, err
		}
	}
	w, err := s.window(ctx, opts)
	if w != nil {
		w.Receipt = receipt
		// The head, even when its turn is evicted and no message of the
		// window is of it (after /tree N onto an evicted turn).
		w.Head = s.tree.head
	}
	return w, err
}

// window builds the window, and applies a request's rules when opts say
// it is one.
func (s *Session) window(ctx context.Context, opts WindowOptions) (*Window, error) {
	st, err := s.loadLastEvents(ctx)
	if err != nil {
		return nil, err
	}
	budget := s.budget(st)
	b, err := s.assemble(ctx, st)
	if err != nil {
		return nil, err
	}
	w := b.window(budget, st)
	if !opts.Send {
		return w, nil
	}
	return s.request(ctx, st, b, w)
}

// addWarning puts the warning message m at the end of the window and
// counts its tokens: in its part, and in the provider's report when the
// total goes by one.
func (w *Window) addWarning(m Message) {
	w.Messages = append(w.Messages, m)
	w.Usage.Warning = m.Tokens
	if w.Reported > 0 {
		w.Reported += m.Tokens
	}
	w.Warning, w.Warned = true, true
}

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
