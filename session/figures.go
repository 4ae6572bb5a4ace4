package session

import (
	"encoding/json"
	"sort"

	"github.com/nodelisp/nodelisp/store"
)

// addFigures folds one evicted event into a stub's span: its seq range, and
// the definitions, watched values and notes it recorded.
func addFigures(r *spanRecord, e store.Event) {
	if r.First == 0 || e.Seq < r.First {
		r.First = e.Seq
	}
	if e.Seq > r.Last {
		r.Last = e.Seq
	}
	switch e.Kind {
	case store.KindToolCall:
		var p callPayload
		if json.Unmarshal(e.Payload, &p) == nil && p.Note != nil && *p.Note != "" {
			r.Notes = append(r.Notes, noteRecord{Seq: e.Seq, Text: *p.Note})
		}
	case store.KindToolResult:
		var p resultPayload
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
			r.Watching = append(r.Watching, watchRecord{Name: name, Value: p.Watching[name]})
		}
	case store.KindContextEdit:
		for _, n := range contextEditNotes(e) {
			r.Notes = append(r.Notes, n)
		}
	}
}

// mergeSpans appends b's figures to a's: a stub covering both.
func mergeSpans(a, b spanRecord) spanRecord {
	if b.First == 0 {
		return a
	}
	if a.First == 0 {
		return b
	}
	out := a
	out.First = min(a.First, b.First)
	out.Last = max(a.Last, b.Last)
	out.Turns += b.Turns
	out.Defined = append(append([]string(nil), a.Defined...), b.Defined...)
	out.Watching = append(append([]watchRecord(nil), a.Watching...), b.Watching...)
	out.Notes = append(append([]noteRecord(nil), a.Notes...), b.Notes...)
	return out
}

// contextEditNotes returns the agent notes a context edit event holds, each
// numbered by the edit's seq. Context edits are the context package's; this
// reads only the notes, so stubs can list them.
func contextEditNotes(e store.Event) []noteRecord {
	var p struct {
		Notes []struct {
			Text string `json:"text"`
		} `json:"notes"`
	}
	if json.Unmarshal(e.Payload, &p) != nil {
		return nil
	}
	var out []noteRecord
	for _, n := range p.Notes {
		out = append(out, noteRecord{Seq: e.Seq, Text: n.Text})
	}
	return out
}
