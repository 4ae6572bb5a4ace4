package store

import (
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
)

// MaxSeq is the largest seq a log may hold. Real sessions stay far below
// it; a log claiming more is forged or corrupt. It leaves room for any
// append below 2^63 (so a seq never wraps negative), and 2^53 is also the
// last integer every JSON reader holds exactly.
const MaxSeq = 1 << 53

// MaxLineage is the most forks a lineage may stack. A store written by
// something else could hold sessions whose parents form a cycle; reads cap
// the walk up the lineage here rather than follow it for ever.
const MaxLineage = 10000

// ErrLineageTooDeep is a lineage past MaxLineage: forks stacked that deep,
// or parents that form a cycle.
var ErrLineageTooDeep = fmt.Errorf("more than %d sessions in the lineage (a fork cycle?): %w", MaxLineage, ErrInvalid)

// Parent is what ValidateLog needs to know of a session that a session of
// the batch forks from but that is not in the batch itself (one already in
// the store).
type Parent struct {
	// Last is the parent's last seq: a fork point must not pass it.
	Last int64
	// Inputs are the seqs of the input events in the parent's lineage,
	// which the fork's turns, input parents and head moves may name.
	Inputs []int64
	// Unknown says nothing is known of the parent (a file read with no
	// store to look in): the fork point and what the fork names at or
	// before it go unchecked, left for the store's import.
	Unknown bool
}

// LogError is a rule of the log model (docs/storage.md, docs/sessions.md) that a log breaks:
// the session, and the event by its index in that session's Events (-1
// for the session itself), so a reader of a file can name the line.
type LogError struct {
	Session string
	Event   int   // index in the SessionLog's Events; -1 for the session line
	Seq     int64 // the event's seq, when Event ≥ 0
	Rule    string
}

func (e *LogError) Error() string {
	if e.Event < 0 {
		return fmt.Sprintf("session %s: %s", e.Session, e.Rule)
	}
	return fmt.Sprintf("session %s: seq %d: %s", e.Session, e.Seq, e.Rule)
}

// Unwrap makes every LogError an ErrInvalid.
func (e *LogError) Unwrap() error { return ErrInvalid }

// ValidateLog checks that logs can be a log of this model: ids well formed
// and unique, parent and fork_seq set together, no fork cycle, every fork
// point inside its parent, seqs positive, rising, past the fork point and
// at most MaxSeq, every event a kind and a storable payload, every turn
// the seq of an input of the lineage (its own for an input; zero allowed
// for an event outside any turn), every input's parent and every head
// move's ends either zero or an earlier input of the lineage. A parent not
// in the batch is asked of outside, which returns nil when there is no
// such session. It returns the logs ordered so that every parent comes
// before its forks, or a *LogError (ErrNotFound, wrapped, for a missing
// parent).
//
// It reads only what it is given, so a caller may pass a subset of each
// session's events (resume passes inputs and head moves): the rules are
// checked over those.
func ValidateLog(logs []SessionLog, outside func(id string) (*Parent, error)) ([]SessionLog, error) {
	return validate(logs, outside, false)
}

// ValidateLineage checks a lineage read back from a store (a session and
// all its ancestors, in any order) by ValidateLog's rules, before anything
// is built from it: a store written by something else may hold what no
// session writes. Each session's events may be a subset, in seq order, of
// those stored (resume passes inputs and head moves), so fork points are
// not checked against the parents' ends.
func ValidateLineage(lineage []SessionLog) error {
	_, err := validate(lineage, nil, true)
	return err
}

func validate(logs []SessionLog, outside func(id string) (*Parent, error), partial bool) ([]SessionLog, error) {
	byID := make(map[string]int, len(logs))
	for i, l := range logs {
		s := l.Session
		if err := CheckID(s.ID); err != nil {
			return nil, &LogError{Session: s.ID, Event: -1, Rule: err.Error()}
		}
		if _, dup := byID[s.ID]; dup {
			return nil, &LogError{Session: s.ID, Event: -1, Rule: "the session appears twice"}
		}
		byID[s.ID] = i
		if (s.Parent == "") != (s.ForkSeq == nil) {
			return nil, &LogError{Session: s.ID, Event: -1, Rule: "parent and fork_seq must be both set or both null"}
		}
		if s.ForkSeq != nil && (*s.ForkSeq < 0 || *s.ForkSeq > MaxSeq) {
			return nil, &LogError{Session: s.ID, Event: -1, Rule: fmt.Sprintf("fork_seq %d is out of range 0–%d", *s.ForkSeq, int64(MaxSeq))}
		}
	}
	v := &validator{logs: logs, byID: byID, outside: outside, partial: partial,
		done: make(map[string]*Parent, len(logs)), state: make(map[string]int, len(logs)),
		unknown: map[string]int64{}}
	ordered := make([]SessionLog, 0, len(logs))
	for i := range logs {
		if _, err := v.session(i, &ordered); err != nil {
			return nil, err
		}
	}
	return ordered, nil
}

type validator struct {
	logs    []SessionLog
	byID    map[string]int
	outside func(id string) (*Parent, error)
	done    map[string]*Parent // sessions checked, as a parent of others sees them
	state   map[string]int     // 1 while a session's parents are checked, 2 once done
	unknown map[string]int64   // sessions whose lineage before this seq is unknown
	partial bool               // events are a subset: parents' ends are unknown
}

// session checks logs[i] after its parent and returns it as its forks see
// it.
func (v *validator) session(i int, ordered *[]SessionLog) (*Parent, error) {
	l := v.logs[i]
	s := l.Session
	switch v.state[s.ID] {
	case 2:
		return v.done[s.ID], nil
	case 1:
		return nil, &LogError{Session: s.ID, Event: -1, Rule: "fork cycle: the session is its own ancestor"}
	}
	v.state[s.ID] = 1
	inputs := map[int64]bool{}
	var own []int64
	last := int64(0)
	if s.Parent != "" {
		var p *Parent
		if j, ok := v.byID[s.Parent]; ok {
			var err error
			if p, err = v.session(j, ordered); err != nil {
				return nil, err
			}
			if u, ok := v.unknown[s.Parent]; ok {
				v.unknown[s.ID] = min(u, *s.ForkSeq)
			}
		} else {
			if v.outside == nil {
				return nil, fmt.Errorf("session %s: parent %s: %w", s.ID, s.Parent, ErrNotFound)
			}
			var err error
			if p, err = v.outside(s.Parent); err != nil {
				return nil, err
			}
			if p == nil {
				return nil, fmt.Errorf("session %s: parent %s: %w", s.ID, s.Parent, ErrNotFound)
			}
		}
		if p.Unknown {
			v.unknown[s.ID] = *s.ForkSeq
		} else if !v.partial && *s.ForkSeq > p.Last {
			return nil, &LogError{Session: s.ID, Event: -1,
				Rule: fmt.Sprintf("fork_seq %d is past the end of parent %s (its last seq is %d)", *s.ForkSeq, s.Parent, p.Last)}
		}
		for _, in := range p.Inputs {
			if in <= *s.ForkSeq {
				inputs[in] = true
				own = append(own, in)
			}
		}
		last = *s.ForkSeq
	}
	for k, e := range l.Events {
		if err := v.event(s, k, e, last, inputs); err != nil {
			return nil, err
		}
		if e.Kind == event.KindInput {
			inputs[e.Seq] = true
			own = append(own, e.Seq)
		}
		last = e.Seq
	}
	v.state[s.ID] = 2
	v.done[s.ID] = &Parent{Last: last, Inputs: own}
	*ordered = append(*ordered, l)
	return v.done[s.ID], nil
}

// event checks one event given the seq before it and the inputs before it.
func (v *validator) event(s Session, k int, e Event, last int64, inputs map[int64]bool) error {
	unknownBefore, partial := v.unknown[s.ID]
	known := func(seq int64) bool { return inputs[seq] || partial && seq <= unknownBefore }
	bad := func(format string, args ...any) error {
		return &LogError{Session: s.ID, Event: k, Seq: e.Seq, Rule: fmt.Sprintf(format, args...)}
	}
	switch {
	case e.Session != s.ID:
		return bad("the event belongs to session %q", e.Session)
	case e.Seq <= 0 || e.Seq > MaxSeq:
		return bad("seq is out of range 1–%d", int64(MaxSeq))
	case e.Seq <= last:
		return bad("seq does not follow %d (seqs rise, and a fork's start after its fork_seq)", last)
	case e.Kind == "":
		return bad("empty kind")
	case e.Turn < 0:
		return bad("negative turn %d", e.Turn)
	}
	if err := CheckPayload(e.Payload); err != nil {
		return bad("%v", err)
	}
	switch e.Kind {
	case event.KindInput:
		if e.Turn != e.Seq {
			return bad("an input's turn must be its own seq, got %d", e.Turn)
		}
		n, err := event.Number(e.Payload, "parent")
		if err != nil {
			return bad("input payload: parent is not a seq")
		}
		if n != nil {
			parent, err := n.Int64()
			if err != nil {
				return bad("input payload: parent %s is not a seq", n)
			}
			if parent != 0 && (parent >= e.Seq || !known(parent)) {
				return bad("input's parent %d is not an earlier input of the session", parent)
			}
		}
		return nil
	case event.KindHeadMove:
		from, ferr := event.Number(e.Payload, "from")
		to, terr := event.Number(e.Payload, "to")
		if ferr != nil || terr != nil || to == nil {
			return bad("head move payload needs from and to seqs")
		}
		for _, end := range []struct {
			name string
			n    *json.Number
		}{{"from", from}, {"to", to}} {
			if end.n == nil {
				continue
			}
			t, err := end.n.Int64()
			if err != nil {
				return bad("head move's %s %s is not a seq", end.name, end.n)
			}
			if t != 0 && !known(t) {
				return bad("head move's %s %d is not a turn of the session", end.name, t)
			}
		}
	}
	if e.Turn != 0 && (e.Turn > e.Seq || !known(e.Turn)) {
		return bad("turn %d is not the seq of an earlier input", e.Turn)
	}
	return nil
}
