package view

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// The usage chart: the tokens each request sent (as its request event
// recorded them), with the budget, the warning threshold and the level an
// eviction brings usage down to drawn across, and the requests that
// evicted or warned marked. It is SVG drawn here, so it needs no script.

const (
	chartRequests = 20000 // the newest requests the chart reads
	chartPoints   = 400   // at most this many columns; more requests share one
	chartWidth    = 960
	chartHeight   = 240
	chartLeft     = 64
	chartRight    = 16
	chartTop      = 14
	chartBottom   = 28
)

// request is one request as the chart reads it.
type request struct {
	Seq      int64
	Tokens   int
	Messages int
	Evicted  bool // the request evicted (its eviction sits just before it)
	Manual   bool // a manual eviction came since the previous request
	Warned   bool // the request gave the warning
}

type chartPoint struct {
	X, Y     int
	Seq      int64
	Tokens   int
	Evicted  bool
	Manual   bool
	Warned   bool
	Selected bool
}

type chartLine struct {
	Y     int
	Label string
	Class string
}

type chart struct {
	Width, Height int
	Left, Bottom  int
	Right         int
	Line          string // the usage polyline's points
	Points        []chartPoint
	Lines         []chartLine
	Ticks         []chartLine
	Requests      int
	Older         bool // more requests than the chart read
	Evictions     int
	Warnings      int
}

// readRequests reads the newest requests of a session's lineage with the
// evictions and warnings around them.
func (s *server) readRequests(ctx context.Context, id string) ([]request, bool, error) {
	r, err := s.st.Scan(ctx, store.Query{
		Session: id, Kinds: []string{event.KindRequest, event.KindEviction, event.KindWarning},
		Limit: 3 * chartRequests, Newest: true,
	})
	if err != nil {
		return nil, false, err
	}
	var out []request
	var pending []store.Event // evictions and warnings since the last request
	for _, e := range r.Events {
		if e.Kind != event.KindRequest {
			pending = append(pending, e)
			continue
		}
		p, _ := event.Decode[event.Request](e.Payload)
		q := request{Seq: e.Seq, Tokens: p.Tokens, Messages: p.Messages}
		for _, b := range pending {
			sameCall := b.Turn == e.Turn && b.At.Equal(e.At)
			switch b.Kind {
			case event.KindEviction:
				ev, _ := event.Decode[event.Eviction](b.Payload)
				if ev.Why == "auto" && sameCall {
					q.Evicted = true
				} else {
					q.Manual = true
				}
			case event.KindWarning:
				q.Warned = q.Warned || sameCall
			}
		}
		pending = pending[:0]
		out = append(out, q)
	}
	return out, r.More, nil
}

// usageChart draws the chart of session id's requests against budget,
// marking the request selected.
func (s *server) usageChart(ctx context.Context, id string, budget int, selected int64) (chart, error) {
	reqs, older, err := s.readRequests(ctx, id)
	if err != nil {
		return chart{}, err
	}
	return drawChart(reqs, budget, selected, older), nil
}

func drawChart(reqs []request, budget int, selected int64, older bool) chart {
	c := chart{Width: chartWidth, Height: chartHeight, Left: chartLeft, Right: chartWidth - chartRight,
		Bottom: chartHeight - chartBottom, Requests: len(reqs), Older: older}
	top := budget
	for _, q := range reqs {
		top = max(top, q.Tokens)
		if q.Evicted || q.Manual {
			c.Evictions++
		}
		if q.Warned {
			c.Warnings++
		}
	}
	if len(reqs) == 0 {
		return c
	}
	top = max(top+top/20, 1)
	yOf := func(tokens int) int {
		return c.Bottom - int(int64(tokens)*int64(c.Bottom-chartTop)/int64(top))
	}
	// Requests share a column when there are more than chartPoints; the
	// column shows the fullest of them, and any eviction or warning.
	cols := min(len(reqs), chartPoints)
	span := c.Right - c.Left
	var line []string
	for col := 0; col < cols; col++ {
		from, to := col*len(reqs)/cols, (col+1)*len(reqs)/cols
		p := chartPoint{Seq: reqs[from].Seq, Tokens: reqs[from].Tokens}
		for _, q := range reqs[from:to] {
			if q.Tokens > p.Tokens {
				p.Seq, p.Tokens = q.Seq, q.Tokens
			}
			p.Evicted = p.Evicted || q.Evicted
			p.Manual = p.Manual || q.Manual
			p.Warned = p.Warned || q.Warned
			p.Selected = p.Selected || q.Seq == selected
		}
		p.X = c.Left + span/2
		if cols > 1 {
			p.X = c.Left + col*span/(cols-1)
		}
		p.Y = yOf(p.Tokens)
		line = append(line, fmt.Sprintf("%d,%d", p.X, p.Y))
		c.Points = append(c.Points, p)
	}
	c.Line = strings.Join(line, " ")
	if budget > 0 {
		c.Lines = []chartLine{
			{Y: yOf(budget), Label: "budget " + evict.Grouped(budget), Class: "budget"},
			{Y: yOf(int(float64(budget) * evict.WarnAt)), Label: "warn 85%", Class: "warn"},
			{Y: yOf(int(float64(budget) * evict.EvictTo)), Label: "evict to 50%", Class: "evictto"},
		}
	}
	for i := 0; i <= 4; i++ {
		t := top * i / 4
		c.Ticks = append(c.Ticks, chartLine{Y: yOf(t), Label: evict.Grouped(t)})
	}
	return c
}
