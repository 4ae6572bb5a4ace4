package view

import (
	"context"
	"net/http"
	"sort"
	"strconv"

	"github.com/nodelisp/nodelisp/evict"
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
			d.Differs = d.Recorded.Messages != len(d.W.Messages) || d.Recorded.Tokens != d.W.Usage
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
	d.Bar = drawBar(d.W.Parts)
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
	kinds := []string{session.KindRequest}
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

// tokenBar is the stacked bar of a window's parts against its budget.
type tokenBar struct {
	Parts    []barPart
	Marks    []barMark
	Width    int
	Used     int
	Free     int
	Budget   int
	Percent  int
	Source   evict.Source
	Over     bool
	Boundary int64
}

type barPart struct {
	Name   string
	Tokens int
	X, W   int
}

type barMark struct {
	X     int
	Label string
}

const barWidth = 900

// drawBar lays a window's parts out along a bar scaled to the budget (or
// to the window, when it is over the budget or the budget is unknown).
func drawBar(u evict.Usage) tokenBar {
	b := tokenBar{Width: barWidth, Used: u.Used(), Free: u.Free(), Budget: u.Budget,
		Percent: evict.Percent(u.Used(), u.Budget), Source: u.Source, Over: u.Budget > 0 && u.Used() > u.Budget,
		Boundary: u.Boundary}
	scale := max(u.Budget, u.Used(), 1)
	x := 0
	add := func(name string, tokens int) {
		w := int(int64(tokens) * barWidth / int64(scale))
		if tokens > 0 && w == 0 {
			w = 1
		}
		b.Parts = append(b.Parts, barPart{Name: name, Tokens: tokens, X: x, W: w})
		x += w
	}
	add("system", u.System)
	add("stub", u.Stub)
	add("warning", u.Warning)
	add("finished", u.Finished)
	add("running", u.Running)
	add("notes", u.Notes)
	add("free", u.Free())
	if u.Budget > 0 {
		for _, m := range []struct {
			share float64
			label string
		}{{evict.EvictTo, "evict to 50%"}, {evict.WarnAt, "warn 85%"}} {
			b.Marks = append(b.Marks, barMark{X: int(m.share * float64(u.Budget) * barWidth / float64(scale)), Label: m.label})
		}
	}
	return b
}
