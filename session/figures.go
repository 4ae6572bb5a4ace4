package session

import (
	"encoding/json"
	"sort"

	"github.com/nodelisp/nodelisp/store"
)

// addFigures folds one evicted event into a stub's span: its seq range, and
// the definitions, watched values and cell notes it recorded. The notes of
// context edits are placed by turn, not by event (contextState.noteRecords).
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
