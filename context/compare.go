package ctxfile

import (
	"fmt"
	"strings"
)

// Reason is why an edit was refused, in the words of the receipt.
type Reason string

// The reasons of docs/context.md.
const (
	ReasonFirstLine   Reason = "first line changed"
	ReasonStale       Reason = "stale"
	ReasonUnknownID   Reason = "unknown id"
	ReasonRole        Reason = "role mismatch"
	ReasonMalformed   Reason = "malformed header"
	ReasonNotEditable Reason = "cannot be edited"
	// ReasonRunningInput: the edit would delete the running turn's input,
	// the ask being answered, which always stays (like eviction's rule).
	ReasonRunningInput Reason = "deletes the running turn's input"
	// ReasonUnreadable: the context file or the state beside it that
	// remembers the pending export cannot be read.
	ReasonUnreadable Reason = "cannot be read"
)

// Refusal says why an edit was refused; a refused edit changes nothing.
type Refusal struct {
	Reason Reason
	Line   int // the line it concerns, from 1; 0 when none
	Detail string
}

func refuse(r Reason, line int, detail string) *Refusal {
	return &Refusal{Reason: r, Line: line, Detail: detail}
}

func (r *Refusal) Error() string {
	if r.Line > 0 {
		return fmt.Sprintf("%s (line %d): %s", r.Reason, r.Line, r.Detail)
	}
	return fmt.Sprintf("%s: %s", r.Reason, r.Detail)
}

// Edit is what an edited file asks for, in the export's ids.
type Edit struct {
	Kept      []string  // blocks left as they were
	Deleted   []string  // exported messages whose blocks are gone
	Rewritten []Rewrite // blocks whose text changed
	Notes     []Note    // new [[note]] blocks
	Restored  []Restore // removed messages whose headers came back
	// Evicted are restore headers naming messages evicted since: they
	// cannot come back (recall-entry reads them); the rest of the edit is
	// taken.
	Evicted []string
	// EmptyNotes are the lines of [[note]] blocks with no text, left out.
	EmptyNotes []int
}

// Rewrite is a message's new text.
type Rewrite struct {
	ID, Text string
}

// Note is a new note of the agent's, standing after the block After (the
// id of the nearest log message or note above it in the file, the system
// prompt, stubs and warning passed over; "" when there is none).
type Note struct {
	Text, After string
	Line        int
}

// Restore brings a removed message back. Text is the block's body: empty
// for a plain restore; otherwise the restored message is also rewritten.
type Restore struct {
	ID, Role, Text string
	Line           int
}

// Changed reports whether the edit asks for anything at all.
func (e *Edit) Changed() bool {
	return len(e.Deleted)+len(e.Rewritten)+len(e.Notes)+len(e.Restored) > 0
}

// CompareOptions tell Compare what the host knows beyond the export.
type CompareOptions struct {
	// Evicted reports whether id names a message evicted from the window:
	// a restore header for one is left out rather than refused. Nil knows
	// none.
	Evicted func(id string) bool
}

// Compare reads data, an edited copy of e's file, against e. It returns
// the edit the file asks for, or why the edit must be refused: the first
// line changed; a header malformed, naming another export, or repeated; an
// id neither exported nor removed; a header whose role is not the
// message's; a system prompt, stub or warning deleted or rewritten.
func Compare(e *Export, data []byte, opts CompareOptions) (*Edit, *Refusal) {
	f, r := Parse(data)
	if f != nil && f.FirstLine != e.FirstLine() {
		return nil, refuse(ReasonFirstLine, 1, "the file's first line names the export; keep it as written")
	}
	if r != nil {
		return nil, r
	}
	exported := make(map[string]Message, len(e.Messages))
	for _, m := range e.Messages {
		exported[m.ID] = m
	}
	removed := make(map[string]Message, len(e.Removed))
	for _, m := range e.Removed {
		removed[m.ID] = m
	}
	ed := &Edit{}
	seen := map[string]int{}
	after := ""
	for _, b := range f.Blocks {
		if b.Note {
			if strings.TrimSpace(b.Text) == "" {
				ed.EmptyNotes = append(ed.EmptyNotes, b.Line)
				continue
			}
			ed.Notes = append(ed.Notes, Note{Text: b.Text, After: after, Line: b.Line})
			continue
		}
		if b.Nonce != e.Nonce {
			return nil, refuse(ReasonMalformed, b.Line, fmt.Sprintf("the header names export %s, not this file's %s", clipText(b.Nonce, 20), e.Nonce))
		}
		if first, dup := seen[b.ID]; dup {
			return nil, refuse(ReasonMalformed, b.Line, fmt.Sprintf("message %s appears twice (first on line %d)", b.ID, first))
		}
		seen[b.ID] = b.Line
		if Editable(b.ID) {
			// A note under a stub or the warning stands after the message
			// above them: those move as the window changes.
			after = b.ID
		}
		if m, ok := exported[b.ID]; ok {
			if b.Role != m.Role {
				return nil, refuse(ReasonRole, b.Line, fmt.Sprintf("message %s is %s, not %s", b.ID, m.Role, b.Role))
			}
			switch {
			case b.Text == m.Text:
				ed.Kept = append(ed.Kept, b.ID)
			case !Editable(b.ID):
				return nil, refuse(ReasonNotEditable, b.Line, fmt.Sprintf("the %s message cannot be rewritten", b.ID))
			default:
				ed.Rewritten = append(ed.Rewritten, Rewrite{ID: b.ID, Text: b.Text})
			}
			continue
		}
		if m, ok := removed[b.ID]; ok {
			if b.Role != m.Role {
				return nil, refuse(ReasonRole, b.Line, fmt.Sprintf("removed message %s is %s, not %s", b.ID, m.Role, b.Role))
			}
			if opts.Evicted != nil && opts.Evicted(b.ID) {
				ed.Evicted = append(ed.Evicted, b.ID)
				continue
			}
			text := b.Text
			if strings.TrimSpace(text) == "" {
				text = ""
			}
			ed.Restored = append(ed.Restored, Restore{ID: b.ID, Role: b.Role, Text: text, Line: b.Line})
			continue
		}
		if opts.Evicted != nil && opts.Evicted(b.ID) {
			ed.Evicted = append(ed.Evicted, b.ID)
			continue
		}
		return nil, refuse(ReasonUnknownID, b.Line, fmt.Sprintf("message %s is neither in this export nor in its removed list", b.ID))
	}
	for _, m := range e.Messages {
		if _, ok := seen[m.ID]; ok {
			continue
		}
		if !Editable(m.ID) {
			return nil, refuse(ReasonNotEditable, 0, fmt.Sprintf("the %s message cannot be deleted; keep its block", m.ID))
		}
		ed.Deleted = append(ed.Deleted, m.ID)
	}
	return ed, nil
}

// EditedMark is the final line a rewritten log message gains in the window:
// where recall reads the original.
func EditedMark(seq string) string {
	return "[edited · original: (recall-entry " + seq + ")]"
}

// StripEditedMark removes a rewritten message's final EditedMark line, so
// rewriting a rewritten message again does not stack the marks.
func StripEditedMark(text, seq string) string {
	mark := EditedMark(seq)
	if text == mark {
		return ""
	}
	return strings.TrimSuffix(text, "\n"+mark)
}
