package view

import (
	"bytes"
	"encoding/json"
	"github.com/nodelisp/nodelisp/event"
	"net/http"
	"strconv"

	"github.com/nodelisp/nodelisp/store"
)

type eventData struct {
	H       header
	E       store.Event
	Form    string // the recall-entry form that reads it
	Entry   string // what that form returned, printed
	Payload string // the payload, indented
	Diff    *fileDiff
	Prev    int64
	Next    int64
}

// eventPage shows one event whole: its fields, its body, its payload,
// what (recall-entry seq) returns for it, and for a file change the diff
// of the file. ?part=1 gives the same without the page around it, for the
// script's side panel.
func (s *server) eventPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := sessionID(r)
	seq, err := strconv.ParseInt(r.PathValue("seq"), 10, 64)
	if err != nil || seq < 1 {
		s.errorPage(w, r, badRequest("event %q: want a seq", r.PathValue("seq")))
		return
	}
	h, err := s.sessionHeader(ctx, id, "timeline")
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	e, err := s.st.Event(ctx, id, seq)
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	d := eventData{H: h, E: e, Payload: indentJSON(e.Payload)}
	if d.Form, d.Entry, err = s.recallEntry(ctx, id, seq); err != nil {
		d.Entry = err.Error()
	}
	if e.Kind == event.KindFileChange {
		d.Diff = changeDiff(e.Payload)
	}
	prev, err := s.st.Scan(ctx, store.Query{Session: id, Before: seq, Limit: 1, Newest: true})
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	if len(prev.Events) > 0 {
		d.Prev = prev.Events[0].Seq
	}
	next, err := s.st.Scan(ctx, store.Query{Session: id, After: seq, Limit: 1})
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	if len(next.Events) > 0 {
		d.Next = next.Events[0].Seq
	}
	if r.URL.Query().Get("part") == "1" {
		s.render(w, "event-part", d)
		return
	}
	s.render(w, "event", d)
}

// indentJSON is a payload laid out for reading; the stored text when it
// does not parse.
func indentJSON(raw json.RawMessage) string {
	var buf bytes.Buffer
	if json.Indent(&buf, raw, "", "  ") != nil {
		return string(raw)
	}
	return buf.String()
}
