package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"

	"time"
)

// Claude Code writes one JSON object per line: "user" and "assistant"
// lines carry a message whose content is a string or a list of blocks
// (text, thinking, tool_use, tool_result, image), and the rest (summary,
// progress, system, file-history-snapshot, queue-operation) describe the
// session around them. Each block becomes its own event, keyed by the
// line's uuid and the block's index. A sub-agent's transcript
// (<session>/subagents/agent-ID.jsonl) has isSidechain set on every line,
// the parent's sessionId and its own agentId.

type claudeLine struct {
	Type        string `json:"type"`
	UUID        string `json:"uuid"`
	SessionID   string `json:"sessionId"`
	AgentID     string `json:"agentId"`
	IsSidechain bool   `json:"isSidechain"`
	Timestamp   string `json:"timestamp"`
	Summary     string `json:"summary"`
	Subtype     string `json:"subtype"`
	MessageID   string `json:"messageId"`
	Message     *struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
	Data *struct {
		Type     string `json:"type"`
		HookName string `json:"hookName"`
	} `json:"data"`
}

type claudeBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

type claudeParser struct {
	summary string // the first summary line's, which titles the session
	messages
	// session is set by a line that belongs to a session, not one of
	// the summaries and snapshots Claude Code also writes alone.
	session bool
}

func (p *claudeParser) bare() bool { return !p.session }

func (p *claudeParser) line(t *Transcript, raw []byte) error {
	var l claudeLine
	if err := json.Unmarshal(raw, &l); err != nil {
		return err
	}
	at, err := parseTime(l.Timestamp)
	if err != nil {
		return err
	}
	if t.ID == "" && l.SessionID != "" {
		t.ID = l.SessionID
	}
	if l.IsSidechain && l.AgentID != "" && t.Agent == "" {
		t.Agent = l.AgentID
	}
	key := l.UUID
	if key == "" {
		key = lineKey(raw)
	}
	p.session = p.session || (l.Type != "summary" && l.Type != "file-history-snapshot")
	if (l.Type == "user" || l.Type == "assistant") && l.Message != nil {
		return p.message(t, key, at, l.Message.Role, l.Message.Content)
	}
	if l.Type == "user" || l.Type == "assistant" {
		return fmt.Errorf("%s line without a message", l.Type)
	}
	if l.Type == "summary" && p.summary == "" {
		p.summary = l.Summary
	}
	t.entries = append(t.entries, entry{key: key, at: at, kind: event.KindSourceRecord, text: claudeSummary(l), record: raw})
	return nil
}

// claudeSummary is a record's one-line text: its type and what kind of
// progress or system line it is; a summary line's own summary.
func claudeSummary(l claudeLine) string {
	parts := []string{l.Type}
	switch {
	case l.Type == "summary":
		parts = append(parts, l.Summary)
	case l.Data != nil:
		parts = append(parts, l.Data.Type, l.Data.HookName)
	case l.Subtype != "":
		parts = append(parts, l.Subtype)
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

func (p *claudeParser) message(t *Transcript, key string, at time.Time, role string, content json.RawMessage) error {
	var s string
	if json.Unmarshal(content, &s) == nil {
		p.text(t, entry{key: key, at: at}, role, s)
		return nil
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(content, &raws); err != nil {
		return errors.New("message content is neither a string nor a list of blocks")
	}
	for i, rb := range raws {
		var b claudeBlock
		if err := json.Unmarshal(rb, &b); err != nil {
			return fmt.Errorf("content block %d: %w", i, err)
		}
		e := entry{key: fmt.Sprintf("%s#%d", key, i), at: at}
		switch b.Type {
		case "text":
			p.text(t, e, role, b.Text)
			continue
		case "tool_use":
			e.kind, e.tool, e.input, e.call = event.KindToolCall, b.Name, b.Input, b.ID
			e.code = b.Name + " " + compact(b.Input)
		case "tool_result":
			e.kind, e.call, e.isError = event.KindToolResult, b.ToolUseID, b.IsError
			var rest bool
			e.text, rest = resultText(b.Content)
			if rest {
				e.record = rb
			}
		default:
			// thinking, redacted_thinking, images: kept, not searched.
			e.kind, e.text, e.record = event.KindSourceRecord, b.Type, rb
		}
		t.entries = append(t.entries, e)
	}
	return nil
}

func (p *claudeParser) finish(t *Transcript) {
	t.Title = title(p.summary)
	if t.Title == "" {
		t.Title = title(p.first)
	}
}

// resultText is a tool result's output: a string as it is, the text
// blocks of a list joined by lines. rest reports blocks that are not
// text (images), which the payload keeps verbatim.
func resultText(content json.RawMessage) (text string, rest bool) {
	if len(content) == 0 {
		return "", false
	}
	var s string
	if json.Unmarshal(content, &s) == nil {
		return s, false
	}
	var blocks []claudeBlock
	if json.Unmarshal(content, &blocks) != nil {
		return compact(content), true
	}
	var parts []string
	for _, b := range blocks {
		if b.Type == "text" {
			parts = append(parts, b.Text)
		} else {
			rest = true
		}
	}
	return strings.Join(parts, "\n"), rest
}

// compact is raw JSON on one line, for a tool call's code.
func compact(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "{}"
	}
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return string(raw)
	}
	return buf.String()
}
