package transcript

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"
)

// Codex CLI writes a rollout: one {timestamp, type, payload} object per
// line. "session_meta" names the session; "response_item" lines are what
// the model saw and said (message, function_call, function_call_output,
// custom_tool_call, reasoning with its encrypted content); "event_msg" and
// "turn_context" lines are the CLI's own account of the same turns
// (user_message and agent_message repeat the messages), kept as records.
// Lines have no ids of their own, so a line's content is its key
// (lineKey), and a call's call_id the key of the call and of its output.

type codexLine struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
}

type codexItem struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Name      string          `json:"name"`
	Arguments string          `json:"arguments"`
	Input     string          `json:"input"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
}

type codexParser struct {
	first string // the first input in the user's own words
}

func (*codexParser) bare() bool { return false }

func (p *codexParser) line(t *Transcript, raw []byte) error {
	var l codexLine
	if err := json.Unmarshal(raw, &l); err != nil {
		return err
	}
	at, err := parseTime(l.Timestamp)
	if err != nil {
		return err
	}
	key := lineKey(raw)
	if len(l.Payload) == 0 || l.Payload[0] != '{' {
		if l.Type == "" {
			return errors.New("no type")
		}
		t.entries = append(t.entries, entry{key: key, at: at, kind: event.KindSourceRecord, text: l.Type, record: raw})
		return nil
	}
	var item codexItem
	if err := json.Unmarshal(l.Payload, &item); err != nil {
		return fmt.Errorf("payload: %w", err)
	}
	if l.Type == "session_meta" && t.ID == "" {
		t.ID = item.ID
	}
	e := entry{key: key, at: at}
	switch {
	case l.Type != "response_item":
		e.kind, e.text, e.record = event.KindSourceRecord, strings.TrimSpace(l.Type+" "+item.Type), raw
	case item.Type == "message" && (item.Role == "user" || item.Role == "assistant"):
		e.kind, e.text = event.KindAnswer, codexText(item.Content)
		if item.Role == "user" {
			e.kind = event.KindInput
			if p.first == "" && mainText(e.text) {
				p.first = e.text
			}
		}
	case item.Type == "function_call" || item.Type == "custom_tool_call":
		args := item.Arguments
		if item.Type == "custom_tool_call" {
			args = item.Input
		}
		e.kind, e.tool, e.call, e.code = event.KindToolCall, item.Name, item.CallID, item.Name+" "+args
		if json.Valid([]byte(args)) {
			e.input = json.RawMessage(args)
		} else {
			e.input, _ = json.Marshal(args)
		}
		if item.CallID != "" {
			e.key = "call " + item.CallID
		}
	case item.Type == "function_call_output" || item.Type == "custom_tool_call_output":
		e.kind, e.call = event.KindToolResult, item.CallID
		e.text, e.isError = codexOutput(item.Output)
		if item.CallID != "" {
			e.key = "output " + item.CallID
		}
	default:
		// reasoning (encrypted), developer and system messages, web
		// searches, local shell calls: kept, not searched.
		e.kind, e.text, e.record = event.KindSourceRecord, strings.TrimSpace(l.Type+" "+item.Type+" "+item.Role), raw
	}
	t.entries = append(t.entries, e)
	return nil
}

// codexText joins a message's text parts (input_text, output_text).
func codexText(content json.RawMessage) string {
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(content, &parts) != nil {
		return ""
	}
	var out []string
	for _, c := range parts {
		if c.Text != "" {
			out = append(out, c.Text)
		}
	}
	return strings.Join(out, "\n")
}

// codexOutput is a call's output text. Codex writes a shell call's output
// as a JSON string holding {"output": …, "metadata": {"exit_code": …}};
// the text is the inner output, and a non-zero exit code an error.
func codexOutput(raw json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return compact(raw), false
	}
	var inner struct {
		Output   *string `json:"output"`
		Metadata struct {
			ExitCode int `json:"exit_code"`
		} `json:"metadata"`
	}
	if json.Unmarshal([]byte(s), &inner) == nil && inner.Output != nil {
		return *inner.Output, inner.Metadata.ExitCode != 0
	}
	return s, false
}

func (p *codexParser) finish(t *Transcript) {
	// The VS Code extension wraps the request in IDE context; the words
	// after its marker are the user's.
	first := p.first
	if _, req, ok := strings.Cut(first, "## My request for Codex:"); ok {
		first = req
	}
	t.Title = title(first)
}
