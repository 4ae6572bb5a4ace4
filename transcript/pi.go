package transcript

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"time"
)

// pi writes a {"type":"session"} header with the session's id, then one
// entry per line: "message" entries hold a user, assistant or toolResult
// message whose content is a string or a list of blocks (text, thinking,
// toolCall); the rest (model_change, thinking_level_change, session_info
// with the session's name, compaction, …) are kept as records. Version 3
// entries carry their own id; older ones are keyed by their content.

type piLine struct {
	Type      string `json:"type"`
	ID        string `json:"id"`
	Timestamp string `json:"timestamp"`
	Name      string `json:"name"`
	Message   *struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCallID string          `json:"toolCallId"`
		ToolName   string          `json:"toolName"`
		IsError    bool            `json:"isError"`
	} `json:"message"`
}

type piBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type piParser struct {
	name string // a session_info line's name
	messages
}

func (*piParser) bare() bool { return false }

func (p *piParser) line(t *Transcript, raw []byte) error {
	var l piLine
	if err := json.Unmarshal(raw, &l); err != nil {
		return err
	}
	at, err := parseTime(l.Timestamp)
	if err != nil {
		return err
	}
	key := l.ID
	if key == "" || l.Type == "session" {
		key = lineKey(raw)
	}
	switch {
	case l.Type == "session" && t.ID == "":
		t.ID = l.ID
	case l.Type == "session_info" && p.name == "":
		p.name = l.Name
	case l.Type == "message" && l.Message == nil:
		return errors.New("message line without a message")
	case l.Type == "message":
		return p.message(t, l, key, at, raw)
	}
	t.entries = append(t.entries, entry{key: key, at: at, kind: event.KindSourceRecord, text: l.Type, record: raw})
	return nil
}

func (p *piParser) message(t *Transcript, l piLine, key string, at time.Time, raw []byte) error {
	m := l.Message
	if m.Role == "toolResult" {
		text, rest := piText(m.Content)
		e := entry{key: key, at: at, kind: event.KindToolResult, text: text, call: m.ToolCallID, isError: m.IsError}
		if rest {
			e.record = m.Content
		}
		t.entries = append(t.entries, e)
		return nil
	}
	if m.Role != "user" && m.Role != "assistant" {
		t.entries = append(t.entries, entry{key: key, at: at, kind: event.KindSourceRecord, text: "message " + m.Role, record: raw})
		return nil
	}
	var s string
	if json.Unmarshal(m.Content, &s) == nil {
		p.text(t, entry{key: key, at: at}, m.Role, s)
		return nil
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(m.Content, &raws); err != nil {
		return errors.New("message content is neither a string nor a list of blocks")
	}
	for i, rb := range raws {
		var b piBlock
		if err := json.Unmarshal(rb, &b); err != nil {
			return fmt.Errorf("content block %d: %w", i, err)
		}
		e := entry{key: fmt.Sprintf("%s#%d", key, i), at: at}
		switch b.Type {
		case "text":
			p.text(t, e, m.Role, b.Text)
			continue
		case "toolCall":
			e.kind, e.tool, e.input, e.call = event.KindToolCall, b.Name, b.Arguments, b.ID
			e.code = b.Name + " " + compact(b.Arguments)
		default:
			// thinking, images: kept, not searched.
			e.kind, e.text, e.record = event.KindSourceRecord, b.Type, rb
		}
		t.entries = append(t.entries, e)
	}
	return nil
}

// piText joins a tool result's text blocks; rest reports others.
func piText(content json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(content, &s) == nil {
		return s, false
	}
	var blocks []piBlock
	if json.Unmarshal(content, &blocks) != nil {
		return compact(content), true
	}
	var parts []string
	rest := false
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		} else {
			rest = true
		}
	}
	return strings.Join(parts, "\n"), rest
}

func (p *piParser) finish(t *Transcript) {
	t.Title = title(p.name)
	if t.Title == "" {
		t.Title = title(p.first)
	}
}
