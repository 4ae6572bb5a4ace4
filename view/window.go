package view

import (
	"context"
	"github.com/nodelisp/nodelisp/event"
	"net/http"
	"sort"
	"strconv"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

type windowData struct {
	H        header
	Request  int64 // the request shown; 0 for the window as it stands
	Recorded session.Recorded
	Differs  bool // the rebuilt window differs from what the request recorded
	W        *session.Window
	Bar      tokenBar
	Messages []messageRow
	Elided   int   // messages left out of the page (see elide)
	Prev     int64 // the requests either side; 0 for none
	Next     int64
	Latest   int64
	Chart    chart
}

// A window with no budget to keep it small can hold a whole long log: the
// page shows its first and newest messages and a link to the rest.
const (
	messagesHead = 100
	messagesTail = 400
)

// elide keeps the first head and the last tail rows; a gap row with the
// count of those left out stands between them.
func elide(rows []messageRow, head, tail int) ([]messageRow, int) {
	if len(rows) <= head+tail {
		return rows, 0
	}
	out := append(rows[:head:head], messageRow{Kind: "gap"})
	return append(out, rows[len(rows)-tail:]...), len(rows) - head - tail
}

type messageRow struct {
	session.Message
	Kind string // "stub", "turnstub", "warn", "note", "system" or "log"
}

// windowPage shows a window as the model received it: ?request=SEQ is the
// window that request sent, rebuilt from the log; without it, the window
// the next request would start from, as /context shows it.
func (s *server) windowPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := sessionID(r)
	h, err := s.sessionHeader(ctx, id, "window")
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	d := windowData{H: h}
	if v := r.URL.Query().Get("request"); v != "" {
		if d.Request, err = strconv.ParseInt(v, 10, 64); err != nil || d.Request < 1 {
			s.errorPage(w, r, badRequest("?request=%q: want the seq of a request", v))
			return
		}
	}
	if d.Request > 0 {
		d.W, d.Recorded, err = session.RequestWindow(ctx, s.st, id, d.Request, s.sessionOptions())
		if err == nil {
			d.Differs = d.Recorded.Messages != len(d.W.Messages) || d.Recorded.Tokens != d.W.Used()
		}
	} else {
		var look *session.Look
		if look, err = session.LookAt(ctx, s.st, id, 0, s.sessionOptions()); err == nil {
			d.W, err = look.Window(ctx)
		}
	}
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	d.Bar = drawBar(d.W.Usage)
	all := r.URL.Query().Get("all") == "1"
	for _, m := range d.W.Messages {
		d.Messages = append(d.Messages, messageRow{Message: m, Kind: messageKind(m)})
	}
	if !all {
		d.Messages, d.Elided = elide(d.Messages, messagesHead, messagesTail)
	}
	reqs, older, err := s.readRequests(ctx, id)
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	d.Chart = drawChart(reqs, d.W.Budget, d.Request, older)
	if older && len(reqs) > 0 && d.Request > 0 && d.Request <= reqs[0].Seq {
		d.Prev, d.Next, d.Latest, err = s.neighbours(ctx, id, d.Request)
	} else {
		d.Prev, d.Next, d.Latest = neighboursIn(reqs, d.Request)
	}
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	s.render(w, "window", d)
}

// messageKind sorts a message by where it came from, for its look.
func messageKind(m session.Message) string {
	switch {
	case m.Seq > 0:
		return "log"
	case m.ID == "stub", m.ID == "turnstub", m.ID == "warn", m.ID == "system":
		return m.ID
	}
	return "note"
}

// neighboursIn finds the requests before and after seq among reqs,
// oldest first (after the newest, for the window as it stands).
func neighboursIn(reqs []request, seq int64) (prev, next, latest int64) {
	if len(reqs) == 0 {
		return 0, 0, 0
	}
	latest = reqs[len(reqs)-1].Seq
	if seq == 0 {
		return latest, 0, latest
	}
	i := sort.Search(len(reqs), func(i int) bool { return reqs[i].Seq >= seq })
	if i > 0 {
		prev = reqs[i-1].Seq
	}
	if i < len(reqs) && reqs[i].Seq == seq {
		i++
	}
	if i < len(reqs) {
		next = reqs[i].Seq
	}
	return prev, next, latest
}

// neighbours finds the requests before and after seq (after the newest,
// for the window as it stands), and the newest.
func (s *server) neighbours(ctx context.Context, id string, seq int64) (prev, next, latest int64, err error) {
	kinds := []string{event.KindRequest}
	newest, ok, err := store.Last(ctx, s.st, id, kinds...)
	if err != nil || !ok {
		return 0, 0, 0, err
	}
	latest = newest.Seq
	if seq == 0 {
		return latest, 0, latest, nil
	}
	r, err := s.st.Scan(ctx, store.Query{Session: id, Kinds: kinds, Before: seq, Limit: 1, Newest: true})
	if err != nil {
		return 0, 0, 0, err
	}
	if len(r.Events) > 0 {
		prev = r.Events[0].Seq
	}
	r, err = s.st.Scan(ctx, store.Query{Session: id, Kinds: kinds, After: seq, Limit: 1})
	if err != nil {
		return 0, 0, 0, err
	}
	if len(r.Events) > 0 {
		next = r.Events[0].Seq
	}
	return prev, next, latest, nil
}
