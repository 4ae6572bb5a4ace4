package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"unicode/utf8"
)

// Body returns what recall shows of an event: the payload's "text" for
// input, answers and tool results, its "code" for tool calls, and a
// one-line summary for every other kind, such as
// "write src/app.go (1.2 KB → 1.4 KB)" for a file change or
// "head 12 → 5 (undo)" for a head move. Every backend stores exactly this
// string in its body column, so search agrees across backends.
func Body(kind string, payload json.RawMessage) string {
	var b string
	switch kind {
	case event.KindInput, event.KindAnswer, event.KindToolResult:
		b = event.Text(payload)
	case event.KindToolCall:
		b = event.String(payload, "code")
	case event.KindHeadMove:
		b = headMoveBody(payload)
	case event.KindFileChange:
		b = fileChangeBody(payload)
	default:
		b = summaryBody(kind, payload)
	}
	// Bodies go into text columns, and PostgreSQL text cannot hold NUL.
	return strings.ReplaceAll(b, "\x00", "\uFFFD")
}

func headMoveBody(payload json.RawMessage) string {
	m, err := event.Decode[event.HeadMove](payload)
	if err != nil {
		return "head move"
	}
	s := fmt.Sprintf("head %d → %d", m.From, m.To)
	if m.Why != "" {
		s += " (" + m.Why + ")"
	}
	return s
}

func fileChangeBody(payload json.RawMessage) string {
	m, err := event.Decode[event.FileChange](payload)
	if err != nil {
		return "file change"
	}
	switch {
	case m.Before == nil && m.After == nil:
		return "touch " + m.Path
	case m.Before == nil:
		return fmt.Sprintf("create %s (%s)", m.Path, size(len(*m.After)))
	case m.After == nil:
		return fmt.Sprintf("delete %s (%s)", m.Path, size(len(*m.Before)))
	}
	return fmt.Sprintf("write %s (%s → %s)", m.Path, size(len(*m.Before)), size(len(*m.After)))
}

func size(n int) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1024*1024:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1024*1024))
}

// summaryBody is the body of kinds without a text of their own: the
// payload's "text" when it has one, else the kind followed by its scalar
// fields in payload order, all on one line.
func summaryBody(kind string, payload json.RawMessage) string {
	if s := event.Text(payload); s != "" {
		return oneLine(s)
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return kind
	}
	var sb strings.Builder
	sb.WriteString(kind)
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			break
		}
		var v any
		if dec.Decode(&v) != nil {
			break
		}
		fmt.Fprintf(&sb, " %s=%s", key, scalar(v))
	}
	return sb.String()
}

func scalar(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return clip(oneLine(v), 80)
	case map[string]any:
		return "{…}"
	case []any:
		return "[…]"
	}
	return fmt.Sprint(v)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
