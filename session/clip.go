package session

import (
	"context"
	"fmt"
	"unicode/utf8"
)

// Clipping: a tool result much larger than the budget would fill the
// window alone, so the window shows its head and tail and says how to read
// it whole; the log keeps it whole (docs/eviction.md).

// DefaultClipBytes is the clip limit of a session whose budget is unknown.
const DefaultClipBytes = 16000

// clipShare is the part of the budget one tool result may take in the
// window: a tenth.
const clipShare = 10

// clipLimit is the clip limit of a result appended now, in bytes: a tenth
// of the budget's tokens, at the 4 bytes a token that evict.Estimate
// counts. It is recorded in the result's payload, so a later ceiling or a
// restart shows a result sent once the same way again.
func (s *Session) clipLimit(ctx context.Context) int {
	st, err := s.loadLastEvents(ctx)
	if err != nil {
		return DefaultClipBytes
	}
	b := s.budget(st)
	if b.Tokens <= 0 {
		return DefaultClipBytes
	}
	return max(b.Tokens*4/clipShare, 400)
}

// clipResult is text as the window shows it under limit bytes: whole when
// it fits (or limit is 0, for results recorded before clipping), else its
// head and tail around a "…" line, then a line saying how much was left
// out and how to read it whole.
func clipResult(text string, limit int, seq int64) string {
	if limit <= 0 || len(text) <= limit {
		return text
	}
	head := runeStart(text, limit/2)
	tail := runeStart(text, len(text)-limit/2)
	left := utf8.RuneCountInString(text[head:tail])
	return fmt.Sprintf("%s\n…\n%s\n[… %d characters left out · (recall-entry %d)]", text[:head], text[tail:], left, seq)
}

// runeStart is the start of the character that byte i of s falls in.
func runeStart(s string, i int) int {
	for i > 0 && i < len(s) && !utf8.RuneStart(s[i]) {
		i--
	}
	return i
}
