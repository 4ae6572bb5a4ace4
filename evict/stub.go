package evict

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The limits of the reference pages on what a stub lists.
const (
	// MaxNames is how many names defined: and watching: show before
	// " +N more".
	MaxNames = 24
	// MaxNotes is how many note lines the notes block keeps, the newest.
	MaxNotes = 100
	// MaxNoteLine is the longest note line in characters, its " seq N · "
	// prefix counted and the block's closing "]" not.
	MaxNoteLine = 320
	// MaxWatchValue is the longest value watching: shows, in characters.
	// The pages set no limit; this one keeps a watched list of thousands of
	// elements from filling the stub.
	MaxWatchValue = 80
)

// NotesHeader is the first line of a stub's notes block.
const NotesHeader = "[the evicted cells noted and judged, oldest first; (recall-entry seq) reads one whole"

// Span is the evicted history one stub stands for, in log order.
type Span struct {
	// First and Last are the seqs of the first and last evicted events.
	First, Last int64
	// Turns is how many whole turns the span holds (WholeStub); Rounds how
	// many rounds of the running turn were shed (TurnStub).
	Turns, Rounds int
	// Defined are the names the span's tool results defined, in log order;
	// repeats are fine, the stub lists each name once, where it first
	// appeared.
	Defined []string
	// Watching are the watched values the span's tool results recorded, in
	// log order. The stub lists each name once, where it first appeared,
	// with the last value recorded for it.
	Watching []Watch
	// Notes are the span's notes, oldest first: the ;; note of each tool
	// call that opened with one (Seq the tool call's seq) and each agent
	// note of a context edit (Seq the context edit's seq).
	Notes []Note
	// EarlierNotes counts older notes already left out of Notes (a host
	// that keeps only the newest MaxNotes); the stub adds them to its
	// " +N earlier" line.
	EarlierNotes int
}

// Watch is one watched value a tool result recorded: the name and its
// printed value.
type Watch struct {
	Name, Value string
}

// Note is one line of a stub's notes block.
type Note struct {
	Seq  int64
	Text string
}

// WholeStub is the text of the whole-turn stub (window id "stub") for span:
//
//	[history evicted: seq A–B · N turns · defined: NAMES · watching: VALUES · recall: (recall-log :match "text" :before B+1)]
//
// with the defined: and watching: parts present only when they have items,
// and the notes block, when there are notes, on the lines after it. "text"
// stays as written: the agent puts its own words there. A span of no turns
// has no stub: the result is "".
func WholeStub(s Span) string {
	if s.Turns <= 0 {
		return ""
	}
	parts := []string{seqRange(s), count(s.Turns, "turn")}
	parts = appendLists(parts, s)
	parts = append(parts, fmt.Sprintf(`recall: (recall-log :match "text" :before %d)`, s.Last+1))
	return "[history evicted: " + strings.Join(parts, " · ") + "]" + notesBlock(s.Notes, s.EarlierNotes)
}

// TurnStub is the text of the running-turn stub (window id "turnstub") for
// the rounds the running turn shed:
//
//	[turn history evicted: N rounds · seq A–B · defined: NAMES · watching: VALUES · recall: (recall-log :match "text" :after A-1 :before B+1)]
//
// with the same optional parts and notes block as WholeStub. A span of no
// rounds has no stub: the result is "".
func TurnStub(s Span) string {
	if s.Rounds <= 0 {
		return ""
	}
	parts := []string{count(s.Rounds, "round"), seqRange(s)}
	parts = appendLists(parts, s)
	parts = append(parts, fmt.Sprintf(`recall: (recall-log :match "text" :after %d :before %d)`, s.First-1, s.Last+1))
	return "[turn history evicted: " + strings.Join(parts, " · ") + "]" + notesBlock(s.Notes, s.EarlierNotes)
}

func seqRange(s Span) string {
	return fmt.Sprintf("seq %d–%d", s.First, s.Last)
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// appendLists adds the defined: and watching: parts that have items.
func appendLists(parts []string, s Span) []string {
	if names := distinctNames(s.Defined); len(names) > 0 {
		parts = append(parts, "defined: "+listItems(names))
	}
	if values := lastValues(s.Watching); len(values) > 0 {
		parts = append(parts, "watching: "+listItems(values))
	}
	return parts
}

func distinctNames(defined []string) []string {
	seen := make(map[string]bool, len(defined))
	var out []string
	for _, name := range defined {
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, name)
	}
	return out
}

// lastValues gives "name=value" for each watched name, in order of the
// name's first appearance, with its last value.
func lastValues(watching []Watch) []string {
	index := make(map[string]int, len(watching))
	var names, values []string
	for _, w := range watching {
		if w.Name == "" {
			continue
		}
		i, ok := index[w.Name]
		if !ok {
			i = len(names)
			index[w.Name] = i
			names = append(names, w.Name)
			values = append(values, "")
		}
		values[i] = w.Value
	}
	out := make([]string, len(names))
	for i, name := range names {
		out[i] = name + "=" + clip(oneLine(values[i]), MaxWatchValue)
	}
	return out
}

// listItems joins the first MaxNames items with ", " and counts the rest.
func listItems(items []string) string {
	if len(items) <= MaxNames {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s +%d more", strings.Join(items[:MaxNames], ", "), len(items)-MaxNames)
}

// notesBlock is "\n" and the notes block, or "" when there are no notes.
// Notes with no text are left out.
func notesBlock(notes []Note, alreadyLeftOut int) string {
	var kept []Note
	for _, n := range notes {
		if strings.TrimSpace(n.Text) != "" {
			kept = append(kept, n)
		}
	}
	if len(kept) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n")
	b.WriteString(NotesHeader)
	earlier := alreadyLeftOut
	if over := len(kept) - MaxNotes; over > 0 {
		earlier += over
		kept = kept[over:]
	}
	if earlier > 0 {
		fmt.Fprintf(&b, "\n +%d earlier", earlier)
	}
	for _, n := range kept {
		b.WriteString("\n")
		b.WriteString(clip(fmt.Sprintf(" seq %d · %s", n.Seq, oneLine(n.Text)), MaxNoteLine))
	}
	b.WriteString("]")
	return b.String()
}

// oneLine keeps a note or value on its line: the text's lines, each
// trimmed of spaces and tabs, joined by one space, blank ones left out
// ("(1\n 2\n 3)" reads "(1 2 3)").
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return strings.TrimSpace(s)
	}
	lines := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' })
	kept := lines[:0]
	for _, l := range lines {
		if l = strings.Trim(l, " \t"); l != "" {
			kept = append(kept, l)
		}
	}
	return strings.TrimSpace(strings.Join(kept, " "))
}

// clip cuts s to at most limit characters, marking a cut with "…" as the
// last of them. It cuts between characters, never inside a UTF-8 sequence.
func clip(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	n := 0
	for i := range s {
		if n == limit-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
