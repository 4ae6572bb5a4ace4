package session

import (
	"encoding/json"
	"github.com/nodelisp/nodelisp/event"
	"sort"
	"strings"

	"github.com/nodelisp/nodelisp/evict"

	"github.com/nodelisp/nodelisp/store"
)

// addFigures folds one evicted event into a stub's span: its seq range, and
// the definitions, watched values and cell notes it recorded. The notes of
// context edits are placed by turn, not by event (contextState.noteRecords).
func addFigures(r *event.Span, e store.Event) {
	if r.First == 0 || e.Seq < r.First {
		r.First = e.Seq
	}
	if e.Seq > r.Last {
		r.Last = e.Seq
	}
	switch e.Kind {
	case event.KindToolCall:
		var p event.ToolCall
		if json.Unmarshal(e.Payload, &p) == nil && p.Note != nil && *p.Note != "" {
			r.Notes = append(r.Notes, event.SpanNote{Seq: e.Seq, Text: *p.Note})
		}
	case event.KindToolResult:
		var p event.ToolResult
		if json.Unmarshal(e.Payload, &p) != nil {
			return
		}
		r.Defined = append(r.Defined, p.Defined...)
		names := make([]string, 0, len(p.Watching))
		for name := range p.Watching {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			r.Watching = append(r.Watching, event.SpanWatch{Name: name, Value: p.Watching[name]})
		}
	}
}

// mergeSpans appends b's figures to a's: a stub covering both.
func mergeSpans(a, b event.Span) event.Span {
	if b.First == 0 {
		return a
	}
	if a.First == 0 {
		return compactSpan(b)
	}
	out := a
	out.First = min(a.First, b.First)
	out.Last = max(a.Last, b.Last)
	out.Turns += b.Turns
	out.Defined = append(append([]string(nil), a.Defined...), b.Defined...)
	out.Watching = append(append([]event.SpanWatch(nil), a.Watching...), b.Watching...)
	out.Notes = append(append([]event.SpanNote(nil), a.Notes...), b.Notes...)
	out.EarlierNotes += b.EarlierNotes
	return compactSpan(out)
}

// compactSpan keeps of a span only what its stub can show, so the eviction
// state an eviction event carries stays bounded however much is evicted:
// each defined name once, each watched name once with its last value, and
// the newest notes (evict.MaxNotes), counting the rest.
func compactSpan(r event.Span) event.Span {
	seen := map[string]bool{}
	var defined []string
	for _, name := range r.Defined {
		if name != "" && !seen[name] {
			seen[name] = true
			defined = append(defined, name)
		}
	}
	r.Defined = defined
	index := map[string]int{}
	var watching []event.SpanWatch
	for _, w := range r.Watching {
		if i, ok := index[w.Name]; ok {
			watching[i].Value = w.Value
			continue
		}
		index[w.Name] = len(watching)
		watching = append(watching, w)
	}
	r.Watching = watching
	var notes []event.SpanNote
	for _, n := range r.Notes {
		if strings.TrimSpace(n.Text) != "" {
			notes = append(notes, n)
		}
	}
	sort.SliceStable(notes, func(i, j int) bool { return notes[i].Seq < notes[j].Seq })
	if over := len(notes) - evict.MaxNotes; over > 0 {
		r.EarlierNotes += over
		notes = notes[over:]
	}
	r.Notes = notes
	return r
}
