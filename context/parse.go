package ctxfile

import (
	"fmt"
	"strings"
)

// File is a context file as read back.
type File struct {
	FirstLine string
	Blocks    []Block
	// Removed is the file's last line's list, as written; Compare goes by
	// the export's own list, so an edit to this line changes nothing.
	Removed []string
}

// Block is one block of a context file: a message header or a [[note]]
// line, and the text under it.
type Block struct {
	Line  int  // the header's line number, from 1
	Note  bool // a [[note]] block: new words of the agent
	Nonce string
	ID    string
	Role  string
	Text  string
}

// isHeaderID reports whether id has the shape of a message id: a seq, a
// note id (note-SEQ-N) or a fixed id. It is written out rather than a
// regexp, whose compilation at package initialisation cost every
// nodelisp start-up 550 allocations.
func isHeaderID(id string) bool {
	switch id {
	case "system", "stub", "turnstub", "warn":
		return true
	}
	if rest, ok := strings.CutPrefix(id, "note-"); ok {
		seq, n, ok := strings.Cut(rest, "-")
		return ok && isSeqDigits(seq) && len(n) >= 1 && len(n) <= 9 && allDigits(n)
	}
	return isSeqDigits(id)
}

// isSeqDigits: 1 to 19 digits, the first not 0.
func isSeqDigits(s string) bool {
	return len(s) >= 1 && len(s) <= 19 && s[0] != '0' && allDigits(s)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

var roles = map[string]bool{"system": true, "user": true, "assistant": true, "tool": true}

// Parse reads a context file. It refuses what it cannot read as blocks: a
// line that opens like a header ("[[") but is not one, or text before the
// first block, is a malformed header at that line.
func Parse(data []byte) (*File, *Refusal) {
	text := string(data)
	text = strings.TrimSuffix(text, "\n")
	lines := strings.Split(text, "\n")
	f := &File{FirstLine: lines[0]}
	body := lines[1:]
	if n := len(body); n > 0 && strings.HasPrefix(body[n-1], removedPrefix) {
		f.Removed = strings.Fields(strings.TrimPrefix(body[n-1], removedPrefix))
		body = body[:n-1]
	}
	var cur *Block
	var textLines []string
	flush := func() {
		if cur == nil {
			return
		}
		cur.Text = strings.Join(textLines, "\n")
		f.Blocks = append(f.Blocks, *cur)
	}
	for i, line := range body {
		lineNo := i + 2
		if strings.HasPrefix(line, "[[") {
			b, r := parseHeader(line, lineNo)
			if r != nil {
				return nil, r
			}
			flush()
			cur, textLines = &b, nil
			continue
		}
		if cur == nil {
			if strings.TrimSpace(line) == "" {
				continue
			}
			return nil, refuse(ReasonMalformed, lineNo, "text before the first block: want a [[m:NONCE ID ROLE]] or [[note]] line")
		}
		line = strings.TrimPrefix(line, `\`)
		textLines = append(textLines, line)
	}
	flush()
	return f, nil
}

// parseHeader reads a [[note]] or [[m:NONCE ID ROLE]] line.
func parseHeader(line string, lineNo int) (Block, *Refusal) {
	h := strings.TrimRight(line, " \t\r")
	if h == "[[note]]" {
		return Block{Line: lineNo, Note: true, Role: "assistant"}, nil
	}
	bad := func(why string) (Block, *Refusal) {
		return Block{}, refuse(ReasonMalformed, lineNo, fmt.Sprintf("%s in %q: want [[m:NONCE ID ROLE]] or [[note]] (a text line that starts with [[ is written \\[[)", why, clipText(h, 60)))
	}
	if !strings.HasPrefix(h, "[[m:") || !strings.HasSuffix(h, "]]") {
		return bad("not a header")
	}
	fields := strings.Fields(h[len("[[m:") : len(h)-len("]]")])
	if len(fields) != 3 {
		return bad(fmt.Sprintf("%d fields, not 3", len(fields)))
	}
	if !isHeaderID(fields[1]) {
		return bad(fmt.Sprintf("%q is no message id", clipText(fields[1], 30)))
	}
	if !roles[fields[2]] {
		return bad(fmt.Sprintf("%q is no role", clipText(fields[2], 30)))
	}
	return Block{Line: lineNo, Nonce: fields[0], ID: fields[1], Role: fields[2]}, nil
}

// clipText keeps error messages short however long the offending line.
func clipText(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
