package transcript

import (
	"bufio"
	"encoding/json"
	"os"
)

// Sniff names the format a file's first lines look like, or "" when they
// look like none of them (nodelisp's own JSON Lines among others): a line
// with a sessionId and a Claude Code type, a Codex {timestamp, type,
// payload} line, or pi's {"type":"session"} header with its cwd.
func Sniff(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), maxLine)
	for n := 0; n < 20 && sc.Scan(); n++ {
		var l struct {
			Type      string          `json:"type"`
			SessionID string          `json:"sessionId"`
			Payload   json.RawMessage `json:"payload"`
			Timestamp string          `json:"timestamp"`
			Cwd       *string         `json:"cwd"`
			Title     *string         `json:"title"`
		}
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			continue
		}
		switch {
		case l.SessionID != "" || l.Type == "file-history-snapshot":
			return ClaudeCode
		case len(l.Payload) > 0 && l.Timestamp != "":
			return Codex
		case l.Type == "session" && l.Cwd != nil && l.Title == nil:
			return Pi
		}
	}
	return ""
}
