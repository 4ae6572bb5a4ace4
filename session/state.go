package session

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// evictionPayload is an eviction event: the whole eviction state after it,
// so the newest one is all a window needs to know (the boundary only moves
// forward, and each event carries everything before it).
type evictionPayload struct {
	// Boundary: path turns whose input seq is ≤ Boundary are evicted.
	Boundary int64 `json:"boundary"`
	// Shed maps a turn (its input seq, as text) to the seq through which
	// its rounds were shed into its turnstub.
	Shed map[string]int64 `json:"shed"`
	// Through is the newest evicted path turn when Span was computed; the
	// span still describes the current path when that turn is on it.
	Through int64 `json:"through"`
	// Span is what the whole-turn stub shows.
	Span spanRecord `json:"span"`
	// Why is "auto" for an eviction a request made, "manual" for /evict.
	Why string `json:"why"`
}

// spanRecord is evict.Span as the log stores it.
type spanRecord struct {
	First    int64         `json:"first"`
	Last     int64         `json:"last"`
	Turns    int           `json:"turns"`
	Defined  []string      `json:"defined"`
	Watching []watchRecord `json:"watching"`
	Notes    []noteRecord  `json:"notes"`
	// EarlierNotes counts the older notes compact left out.
	EarlierNotes int `json:"earlier_notes,omitempty"`
}

type watchRecord struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type noteRecord struct {
	Seq  int64  `json:"seq"`
	Text string `json:"text"`
}

type warningPayload struct {
	Usage   int    `json:"usage"`
	Budget  int    `json:"budget"`
	Percent int    `json:"percent"`
	Text    string `json:"text"`
}

type ceilingPayload struct {
	Tokens int `json:"tokens"`
	Lowest int `json:"lowest"`
}

type usagePayload struct {
	Request     int64 `json:"request"`
	InputTokens int   `json:"input_tokens"`
}

// logState is what the newest eviction, warning, ceiling, usage and
// request events say: everything a request decides on. Each is one indexed
// read of the newest event of its kind, so it costs nothing per turn.
type logState struct {
	eviction    evictionPayload
	evictionSeq int64
	warningSeq  int64
	requestSeq  int64
	ceiling     ceilingPayload
	ceilingSeq  int64
	usage       usagePayload
	usageSeq    int64
}

// loadState returns the request state. It is read from the log once, when
// first needed, and then kept up to date by append, which folds in every
// event the session writes: a window then costs no reads of it at all.
func (s *Session) loadState(ctx context.Context) (logState, error) {
	if s.state != nil {
		return *s.state, nil
	}
	st, err := s.readState(ctx)
	if err != nil {
		return st, err
	}
	s.state = &st
	return st, nil
}

// fold updates the state with one event the session appended.
func (st *logState) fold(e store.Event) {
	switch e.Kind {
	case store.KindEviction:
		var p evictionPayload
		if json.Unmarshal(e.Payload, &p) == nil {
			st.eviction, st.evictionSeq = p, e.Seq
		}
	case store.KindWarning:
		st.warningSeq = e.Seq
	case KindRequest:
		st.requestSeq = e.Seq
	case store.KindCeiling:
		var p ceilingPayload
		if json.Unmarshal(e.Payload, &p) == nil {
			st.ceiling, st.ceilingSeq = p, e.Seq
		}
	case store.KindUsage:
		var p usagePayload
		if json.Unmarshal(e.Payload, &p) == nil {
			st.usage, st.usageSeq = p, e.Seq
		}
	}
}

// readState reads the newest event of each kind the state is made of.
func (s *Session) readState(ctx context.Context) (logState, error) {
	var st logState
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
	if st.evictionSeq, err = read(store.KindEviction, &st.eviction); err != nil {
		return st, err
	}
	if st.warningSeq, err = read(store.KindWarning, nil); err != nil {
		return st, err
	}
	if st.requestSeq, err = read(KindRequest, nil); err != nil {
		return st, err
	}
	if st.ceilingSeq, err = read(store.KindCeiling, &st.ceiling); err != nil {
		return st, err
	}
	if st.usageSeq, err = read(store.KindUsage, &st.usage); err != nil {
		return st, err
	}
	return st, nil
}

// shedThrough is the seq through which turn's rounds were shed, 0 if none.
func (e evictionPayload) shedThrough(turn int64) int64 {
	return e.Shed[fmt.Sprint(turn)]
}

func (r spanRecord) span() evict.Span {
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
func (st logState) reportedUsage(msgs []Message) (int, bool) {
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
