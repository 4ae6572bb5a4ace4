package view

import (
	"context"
	"github.com/nodelisp/nodelisp/event"
	"net/http"
	"strconv"

	"github.com/nodelisp/nodelisp/store"
)

// timelinePage is how many events a page of the timeline holds. A page is
// one indexed read of that many rows, so a session of any length opens
// at the same speed.
const timelinePage = 100

// timelineKinds are the kinds the timeline's lanes and filters name, in
// the order a turn meets them; other kinds share the last lane.
var timelineKinds = []string{
	event.KindInput, event.KindAnswer, event.KindToolCall, event.KindToolResult,
	event.KindRequest, event.KindUsage, event.KindWarning, event.KindEviction,
	event.KindContextEdit, event.KindHeadMove, event.KindFileChange, event.KindCeiling,
}

type kindCount struct {
	Kind   string
	Count  int64
	Active bool
}

type timelineRow struct {
	store.Event
	Body string
	X    int // the event's place in the page's lanes
	Lane int
}

type lane struct {
	Kind string
	Y    int
}

type timelineData struct {
	H                header
	Kind             string
	Kinds            []kindCount
	Rows             []timelineRow
	Lanes            []lane
	Width, Height    int
	Older, Newer     int64 // the bounds of the pages either side; 0 for none
	Matched          int64
	First, Last      int64
	LaneLeft, LaneDX int
	TickW            int
}

// timelinePage shows one page of a session's events, oldest first, of
// every kind or of one: ?kind=… filters, ?before=SEQ pages back and
// ?after=SEQ forward; the newest page is the default.
func (s *server) timelinePage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id := sessionID(r)
	h, err := s.sessionHeader(ctx, id, "timeline")
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	qs := r.URL.Query()
	d := timelineData{H: h, Kind: qs.Get("kind")}
	q := store.Query{Session: id, Limit: timelinePage, Newest: true, Count: true}
	if d.Kind != "" {
		q.Kinds = []string{d.Kind}
	}
	if v := qs.Get("before"); v != "" {
		if q.Before, err = strconv.ParseInt(v, 10, 64); err != nil || q.Before < 1 {
			s.errorPage(w, r, badRequest("?before=%q: want a seq", v))
			return
		}
	}
	if v := qs.Get("after"); v != "" {
		if q.After, err = strconv.ParseInt(v, 10, 64); err != nil || q.After < 0 {
			s.errorPage(w, r, badRequest("?after=%q: want a seq", v))
			return
		}
		q.Newest = q.Before != 0 // a page forward reads up from after
	}
	res, err := s.st.Scan(ctx, q)
	if err != nil {
		s.errorPage(w, r, err)
		return
	}
	d.Matched = res.Matched
	d.Kinds = kindChips(d.Kind, res.Matched)
	if n := len(res.Events); n > 0 {
		d.First, d.Last = res.Events[0].Seq, res.Events[n-1].Seq
		if older, err := s.exists(ctx, q, 0, d.First); err != nil {
			s.errorPage(w, r, err)
			return
		} else if older {
			d.Older = d.First
		}
		if newer, err := s.exists(ctx, q, d.Last, 0); err != nil {
			s.errorPage(w, r, err)
			return
		} else if newer {
			d.Newer = d.Last
		}
	}
	d.layLanes(res.Events)
	s.render(w, "timeline", d)
}

// exists reports whether q matches anything between after and before.
func (s *server) exists(ctx context.Context, q store.Query, after, before int64) (bool, error) {
	q.After, q.Before, q.Limit, q.Count, q.Newest = after, before, 1, false, false
	r, err := s.st.Scan(ctx, q)
	return len(r.Events) > 0, err
}

// kindChips are the filters the page offers: every kind the lanes name,
// and the active one with its count (the page's own read counts it; the
// others would cost a read each).
func kindChips(active string, matched int64) []kindCount {
	var out []kindCount
	known := false
	for _, k := range timelineKinds {
		c := kindCount{Kind: k, Count: -1, Active: k == active}
		if c.Active {
			c.Count, known = matched, true
		}
		out = append(out, c)
	}
	if active != "" && !known {
		out = append(out, kindCount{Kind: active, Count: matched, Active: true})
	}
	return out
}

// layLanes places the page's events in the strip above the table: one
// lane a kind, one column an event.
func (d *timelineData) layLanes(events []store.Event) {
	laneOf := map[string]int{}
	for _, e := range events {
		if _, ok := laneOf[e.Kind]; !ok {
			laneOf[e.Kind] = -1
		}
	}
	for _, k := range timelineKinds {
		if _, ok := laneOf[k]; ok {
			laneOf[k] = len(d.Lanes)
			d.Lanes = append(d.Lanes, lane{Kind: k})
		}
	}
	for _, e := range events {
		if laneOf[e.Kind] < 0 {
			laneOf[e.Kind] = len(d.Lanes)
			d.Lanes = append(d.Lanes, lane{Kind: e.Kind})
		}
	}
	const laneH, left, width = 18, 110, 960
	d.LaneLeft = left
	d.Width = width
	d.Height = len(d.Lanes)*laneH + 4
	for i := range d.Lanes {
		d.Lanes[i].Y = i*laneH + laneH/2 + 2
	}
	d.LaneDX = min((width-left-8)/max(len(events), 1), 24)
	d.TickW = max(min(d.LaneDX-1, 8), 1)
	for i, e := range events {
		l := laneOf[e.Kind]
		d.Rows = append(d.Rows, timelineRow{Event: e, Body: clipRunes(200, e.Body), X: left + 4 + i*d.LaneDX, Lane: d.Lanes[l].Y})
	}
}
