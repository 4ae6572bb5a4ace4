package agent

import (
	"github.com/nodelisp/nodelisp/event"
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/session"
)

// Translate lays a window out as a request. The system prompt and the
// eviction stub become system text; inputs are user messages; the
// model's cells are eval calls, each answered by its result (whose text
// ends "[seq N]"); the system messages a window carries between turns (a
// shed turn's stub, the warning) are user text, since providers take
// system text only at the top.
//
// The layout is a function of the window's messages alone, one request
// message for each window message, so two windows that agree on their
// first messages give requests that agree on theirs, byte for byte.
func Translate(w *session.Window, model string, maxTokens int) Request {
	r := Request{Model: model, MaxTokens: maxTokens, Cached: -1}
	var system []string
	msgs := w.Messages
	for i := 0; i < len(msgs); i++ {
		m := msgs[i]
		switch {
		case m.ID == "system" || m.ID == "stub":
			system = append(system, m.Text)
			continue
		case m.Role == session.RoleUser:
			r.Messages = append(r.Messages, textMessage(User, m.Text))
		case m.Role == session.RoleAssistant && m.Kind == event.KindToolCall:
			if i+1 < len(msgs) && msgs[i+1].Role == session.RoleTool {
				id := callID(m.Seq)
				r.Messages = append(r.Messages,
					Message{Role: Assistant, Blocks: []Block{{Kind: BlockToolUse, ID: id, Text: m.Text}}},
					Message{Role: User, Blocks: []Block{{Kind: BlockToolResult, ID: id, Text: nonEmpty(msgs[i+1].Text)}}})
				i++
				break
			}
			// A call whose result an edit dropped: a call no result
			// answers is not a valid tool call, so it is shown as text.
			r.Messages = append(r.Messages, textMessage(Assistant, m.Text))
		case m.Role == session.RoleAssistant:
			r.Messages = append(r.Messages, textMessage(Assistant, m.Text))
		default: // a result whose call an edit dropped, a turn stub, the warning
			r.Messages = append(r.Messages, textMessage(User, m.Text))
		}
		if m.ID != "warn" {
			// The warning is sent once, by the request that gives it;
			// every other message stays until the window changes.
			r.Cached = len(r.Messages) - 1
		}
	}
	r.System = strings.Join(system, "\n\n")
	return r
}

// callID names a call by its event's seq, so the same call has the same
// id in every request that sends it.
func callID(seq int64) string { return "call_" + strconv.FormatInt(seq, 10) }

func textMessage(role, text string) Message {
	return Message{Role: role, Blocks: []Block{{Kind: BlockText, Text: nonEmpty(text)}}}
}

// nonEmpty stands in for empty text, which providers reject.
func nonEmpty(s string) string {
	if s == "" {
		return "(empty)"
	}
	return s
}
