package session

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// lastEvents is what the newest eviction, warning, ceiling, usage and
// request events say: everything a request decides on. Each is one indexed
// read of the newest event of its kind, so it costs nothing per turn.
type lastEvents struct {
	eviction    event.Eviction
	evictionSeq int64
	warningSeq  int64
	requestSeq  int64
	ceiling     event.Ceiling
	ceilingSeq  int64
	usage       event.Usage
	usageSeq    int64
}

// loadLastEvents returns the newest events a request decides on. They are
// read from the log once, when first needed, and then kept up to date by
// append, which folds in every event the session writes: a window then
// costs no reads of them at all.
func (s *Session) loadLastEvents(ctx context.Context) (lastEvents, error) {
	if s.last != nil {
		return *s.last, nil
	}
	st, err := s.readLastEvents(ctx)
	if err != nil {
		return st, err
	}
	s.last = &st
	return st, nil
}

// fold updates the last events with one event the session appended.
func (st *lastEvents) fold(e store.Event) {
	switch e.Kind {
	case event.KindEviction:
		var p event.Eviction
		if json.Unmarshal(e.Payload, &p) == nil {
			st.eviction, st.evictionSeq = p, e.Seq
		}
	case event.KindWarning:
		st.warningSeq = e.Seq
	case event.KindRequest:
		st.requestSeq = e.Seq
	case event.KindCeiling:
		var p event.Ceiling
		if json.Unmarshal(e.Payload, &p) == nil {
			st.ceiling, st.ceilingSeq = p, e.Seq
		}
	case event.KindUsage:
		var p event.Usage
		if json.Unmarshal(e.Payload, &p) == nil {
			st.usage, st.usageSeq = p, e.Seq
		}
	}
}

// readLastEvents reads the newest event of each kind lastEvents holds.
func (s *Session) readLastEvents(ctx context.Context) (lastEvents, error) {
	var st lastEvents
	read := func(kind string, into any) (int64, error) {
		e, ok, err := store.Last(ctx, s.st, s.info.ID, kind)
		if err != nil {
			return 0, fmt.Errorf("read %s of session %s: %w", kind, s.info.ID, err)
		}
		if !ok {
			return 0, nil
		}
		if into != nil {
			_ = json.Unmarshal(e.Payload, into)
		}
		return e.Seq, nil
	}
	var err error
	if st.evictionSeq, err = read(event.KindEviction, &st.eviction); err != nil {
		return st, err
	}
	if st.warningSeq, err = read(event.KindWarning, nil); err != nil {
		return st, err
	}
	if st.requestSeq, err = read(event.KindRequest, nil); err != nil {
		return st, err
	}
	if st.ceilingSeq, err = read(event.KindCeiling, &st.ceiling); err != nil {
		return st, err
	}
	if st.usageSeq, err = read(event.KindUsage, &st.usage); err != nil {
		return st, err
	}
	return st, nil
}

// stubSpan is the span a stub shows, as its record in the log has it.
func stubSpan(r event.Span) evict.Span {
	sp := evict.Span{First: r.First, Last: r.Last, Turns: r.Turns, Defined: r.Defined, EarlierNotes: r.EarlierNotes}
	for _, w := range r.Watching {
		sp.Watching = append(sp.Watching, evict.Watch{Name: w.Name, Value: w.Value})
	}
	for _, n := range r.Notes {
		sp.Notes = append(sp.Notes, evict.Note{Seq: n.Seq, Text: n.Text})
	}
	// Oldest first by N: cell notes and context-edit notes interleave by
	// the seq that names them, however the span was put together.
	sort.SliceStable(sp.Notes, func(i, j int) bool { return sp.Notes[i].Seq < sp.Notes[j].Seq })
	return sp
}

// reportedUsage is the provider's last figure plus estimates of the
// messages appended since the request it counted, when the host reported
// one and nothing has evicted since that request. The figure carries
// forward over later requests that got no report of their own: falling
// back to estimates would forget what the provider said.
func (st lastEvents) reportedUsage(msgs []Message) (int, bool) {
	if st.usageSeq == 0 || st.usage.Request == 0 || st.evictionSeq > st.usage.Request {
		return 0, false
	}
	n := st.usage.InputTokens
	for _, m := range msgs {
		if m.Seq > st.usage.Request {
			n += m.Tokens
		}
	}
	return n, true
}
