package ctxfile

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
)

// Message is one window message as the file shows it.
type Message struct {
	ID   string // a seq, "system", "stub", "turnstub", "warn" or "note-SEQ-K"
	Role string // system, user, assistant or tool
	Text string
}

// Export is what one (context) call wrote: enough to read an edited copy of
// the file back against it.
type Export struct {
	Nonce   string
	Store   string
	Session string
	Head    int64 // the running turn
	// Messages are the window's messages, in window order.
	Messages []Message
	// Removed are the messages earlier edits took out that can come back,
	// with their roles (the restore header must name the right one).
	Removed []Message
}

// Fixed ids: messages the host makes, which an edit cannot touch.
const (
	IDSystem   = "system"
	IDStub     = "stub"
	IDTurnStub = "turnstub"
	IDWarn     = "warn"
)

// Editable reports whether an edit may delete or rewrite the message id:
// every message but the system prompt, the stubs and the warning.
func Editable(id string) bool {
	switch id {
	case IDSystem, IDStub, IDTurnStub, IDWarn:
		return false
	}
	return true
}

// NewNonce is a fresh random export nonce: 8 hex digits, enough to tell one
// export from the next.
func NewNonce() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// FirstLine is the export's header line, without its newline.
func (e *Export) FirstLine() string {
	return fmt.Sprintf(";; context %s · store %s · session %s · head seq %d · %d messages",
		e.Nonce, e.Store, e.Session, e.Head, len(e.Messages))
}

// removedPrefix starts the file's last line.
const removedPrefix = ";; removed:"

// Format writes the export as the context file.
func Format(e *Export) []byte {
	var b strings.Builder
	b.WriteString(e.FirstLine())
	b.WriteByte('\n')
	for _, m := range e.Messages {
		fmt.Fprintf(&b, "[[m:%s %s %s]]\n", e.Nonce, m.ID, m.Role)
		writeText(&b, m.Text)
	}
	b.WriteString(removedPrefix)
	for _, m := range e.Removed {
		b.WriteByte(' ')
		b.WriteString(m.ID)
	}
	b.WriteByte('\n')
	return []byte(b.String())
}

// writeText writes a block's text, one line per line of the text, each line
// that could be read as a header (or that starts with the escape) with a
// backslash in front. An empty text is no lines at all.
func writeText(b *strings.Builder, text string) {
	if text == "" {
		return
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "[[") || strings.HasPrefix(line, `\`) {
			b.WriteByte('\\')
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
}
