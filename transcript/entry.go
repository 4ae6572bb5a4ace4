package transcript

import (
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// The formats Import reads, as `log import --from` names them.
const (
	ClaudeCode = "claude-code"
	Codex      = "codex"
	Pi         = "pi"
)

// Formats lists every format, in the order help names them.
var Formats = []string{ClaudeCode, Codex, Pi}

// Transcript is one file read whole: the session it becomes and its
// entries in file order.
type Transcript struct {
	Format string
	File   string
	// ID is the tool's own id for the session.
	ID string
	// Agent is a sub-agent's id, for a sidechain transcript.
	Agent string
	Title string
	// Lines is the number of lines read.
	Lines   int64
	entries []entry
}

// entry is one event to be, before it has a seq.
type entry struct {
	key  string // the source's id for it, unique in the file
	at   time.Time
	kind string
	text string // input, answer and result text; a record's summary
	// tool calls
	code  string
	tool  string
	input json.RawMessage
	// call is the source's id linking a tool call and its result.
	call    string
	isError bool
	// record is source data kept verbatim: a whole line, or one block.
	record json.RawMessage
}

// LineError is a malformed line of a transcript.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// SessionID is the store session a transcript becomes: the format, the
// tool's id and, for a sub-agent, its agent id.
func (t *Transcript) SessionID() string {
	id := t.Format + "-" + t.ID
	if t.Agent != "" {
		id += "-agent-" + t.Agent
	}
	return id
}

// Source is what the session records of where it came from. A
// sub-agent's transcript names the session of the transcript it ran
// under, which is linked by id and need not have been imported.
func (t *Transcript) Source() store.Source {
	src := store.Source{Tool: t.Format, ID: t.ID, File: t.File, Agent: t.Agent}
	if t.Agent != "" {
		src.Parent = t.Format + "-" + t.ID
	}
	return src
}

// Counts returns how many events of each kind the transcript becomes.
func (t *Transcript) Counts() map[string]int {
	n := map[string]int{}
	for _, e := range t.entries {
		n[e.kind]++
	}
	return n
}

// title makes a session title of a message: its first non-blank line,
// at most 80 characters.
func title(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			if r := []rune(line); len(r) > 80 {
				return string(r[:80]) + "…"
			}
			return line
		}
	}
	return ""
}

// mainText reports whether an input reads as the user's own words rather
// than context a tool wrapped around them (<environment_context>,
// <command-name>, caveats) or a slash command, which make poor titles.
func mainText(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && !strings.HasPrefix(s, "<") && !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "Caveat:")
}

// messages adds the user's and the assistant's text to a transcript and
// remembers the first input in the user's own words, the title when the
// transcript names none.
type messages struct{ first string }

// text adds a user's (role "user") or the assistant's text.
func (m *messages) text(t *Transcript, e entry, role, s string) {
	e.kind, e.text = event.KindAnswer, s
	if role == "user" {
		e.kind = event.KindInput
		if m.first == "" && mainText(s) {
			m.first = s
		}
	}
	t.entries = append(t.entries, e)
}
