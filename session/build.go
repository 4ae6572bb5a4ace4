package session

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"

	ctxfile "github.com/nodelisp/nodelisp/context"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// windowTurn is one path turn after the boundary, as read from the log.
type windowTurn struct {
	input  store.Event
	rounds [][]store.Event // the turn's events after its input, split at requests
	shed   int64           // rounds whose last seq is ≤ shed are shed into the turnstub
	edits  *contextState   // the taken context edits; nil for none
}

// splitTurns groups window events into turns and rounds. Request events
// end rounds and are not themselves kept.
func splitTurns(events []store.Event, turnSeqs []int64, ev event.Eviction, edits *contextState) []*windowTurn {
	byTurn := make(map[int64]*windowTurn, len(turnSeqs))
	out := make([]*windowTurn, 0, len(turnSeqs))
	for _, seq := range turnSeqs {
		t := &windowTurn{shed: ev.ShedThrough(seq), edits: edits}
		byTurn[seq] = t
		out = append(out, t)
	}
	open := map[int64]bool{}
	for _, e := range events {
		t := byTurn[e.Turn]
		if t == nil {
			continue
		}
		switch {
		case e.Kind == event.KindInput && e.Seq == e.Turn:
			t.input = e
		case e.Kind == event.KindRequest:
			open[e.Turn] = false
		default:
			if !open[e.Turn] {
				t.rounds = append(t.rounds, nil)
				open[e.Turn] = true
			}
			t.rounds[len(t.rounds)-1] = append(t.rounds[len(t.rounds)-1], e)
		}
	}
	return out
}

// shedRounds and keptRounds split a turn's rounds at its shed point.
func (t *windowTurn) shedRounds() [][]store.Event {
	var out [][]store.Event
	for _, r := range t.rounds {
		if t.shed > 0 && r[len(r)-1].Seq <= t.shed {
			out = append(out, r)
		}
	}
	return out
}

func (t *windowTurn) keptRounds() [][]store.Event {
	var out [][]store.Event
	for _, r := range t.rounds {
		if t.shed == 0 || r[len(r)-1].Seq > t.shed {
			out = append(out, r)
		}
	}
	return out
}

// turnStub is the running-turn stub text for a turn's shed rounds, "" when
// none were shed.
func (t *windowTurn) turnStub() string {
	shed := t.shedRounds()
	if len(shed) == 0 {
		return ""
	}
	var rec event.Span
	for _, r := range shed {
		for _, e := range r {
			addFigures(&rec, e)
		}
	}
	rec.Notes = append(rec.Notes, t.edits.noteRecords(t.input.Seq, t.noteShed)...)
	sp := stubSpan(rec)
	sp.Rounds = len(shed)
	return evict.TurnStub(sp)
}

// messages are the turn's window messages with the context edits applied:
// its input, its turnstub when rounds were shed, then the kept rounds, and
// the turn's notes each where it stands (after the message with the
// greatest seq not above its After).
func (t *windowTurn) messages() []Message {
	var out []Message
	notes := t.edits.liveNotes(t.input.Seq)
	// emitNotes adds the notes that stand before seq.
	emitNotes := func(before int64) {
		for len(notes) > 0 && notes[0].After < before {
			if !t.noteShed(notes[0]) {
				out = append(out, Message{ID: notes[0].ID, Role: RoleAssistant, Text: notes[0].Text})
			}
			notes = notes[1:]
		}
	}
	emitNotes(t.input.Seq)
	if m, ok := t.message(t.input); ok {
		out = append(out, m)
	}
	if stub := t.turnStub(); stub != "" {
		out = append(out, Message{ID: "turnstub", Role: RoleSystem, Text: stub})
	}
	for _, r := range t.keptRounds() {
		for _, e := range r {
			emitNotes(e.Seq)
			if m, ok := t.message(e); ok {
				out = append(out, m)
			}
		}
	}
	emitNotes(1<<63 - 1)
	return out
}

// message is event e's window message as the edits leave it; ok is false
// for an event that shows nothing or was dropped.
func (t *windowTurn) message(e store.Event) (Message, bool) {
	m, ok := logMessage(e)
	if !ok || t.edits.isDropped(e.Seq) {
		return Message{}, false
	}
	if text, ok := t.edits.rewrite(e.Seq); ok {
		m.Text = joinOutput(text, ctxfile.EditedMark(m.ID))
	}
	return m, true
}

// noteShed reports whether note n stands among the rounds the turn shed:
// it leaves with them, into the turnstub's notes.
func (t *windowTurn) noteShed(n contextNote) bool {
	shed := t.shedRounds()
	return len(shed) > 0 && n.After >= shed[0][0].Seq && n.After <= t.shed
}

// evictTurn describes the turn for the eviction policy.
func (t *windowTurn) evictTurn(finished bool) evict.Turn {
	et := evict.Turn{Input: t.input.Seq, Finished: finished}
	for _, m := range t.messages() {
		et.Tokens += tokensOf(m.Text)
	}
	for _, r := range t.keptRounds() {
		er := evict.Round{First: r[0].Seq, Last: r[len(r)-1].Seq}
		for _, e := range r {
			if m, ok := t.message(e); ok {
				er.Tokens += tokensOf(m.Text)
			}
		}
		et.Rounds = append(et.Rounds, er)
	}
	return et
}

// evictedPath is the evicted turns of the path to head, oldest first (in
// a partial tree, only the newest of them).
func (s *Session) evictedPath(boundary int64) []int64 {
	var evicted []int64
	for _, t := range s.tree.path(s.tree.head) {
		if s.evicted(t, boundary) {
			evicted = append(evicted, t)
		}
	}
	return evicted
}

// tokensOf is the estimate of one message's tokens (evict.Estimate).
func tokensOf(text string) int { return evict.Estimate(text) }

// wholeSpan returns the whole-turn stub's figures for the current path:
// the newest eviction's cached span when the evicted part of the path is
// still the one it described, else figures read back from the log.
func (s *Session) wholeSpan(ctx context.Context, ev event.Eviction, evSeq int64, edits *contextState) (event.Span, error) {
	evicted := s.evictedPath(ev.Boundary)
	if len(evicted) == 0 {
		return event.Span{}, nil
	}
	if evicted[len(evicted)-1] == ev.Through {
		revisited, err := s.spanRevisited(ctx, ev.Boundary, evSeq)
		if err != nil {
			return event.Span{}, err
		}
		if !revisited {
			return ev.Span, nil
		}
	}
	// The cached span no longer holds: the figures come from every
	// evicted turn, so a partial tree is read whole.
	if err := s.wholeTree(ctx); err != nil {
		return event.Span{}, err
	}
	return s.spanOf(ctx, s.evictedPath(ev.Boundary), edits)
}

// spanOf reads the figures of whole turns from the log, with the notes the
// context edits placed in them.
func (s *Session) spanOf(ctx context.Context, turns []int64, edits *contextState) (event.Span, error) {
	in := map[int64]bool{}
	for _, t := range turns {
		in[t] = true
	}
	r, err := s.st.Scan(ctx, store.Query{
		Session: s.info.ID, After: turns[0] - 1,
		Kinds: []string{event.KindInput, event.KindAnswer, event.KindToolCall, event.KindToolResult},
	})
	if err != nil {
		return event.Span{}, fmt.Errorf("stub of session %s: %w", s.info.ID, err)
	}
	var rec event.Span
	for _, e := range r.Events {
		if in[e.Turn] {
			addFigures(&rec, e)
		}
	}
	for _, t := range turns {
		rec.Notes = append(rec.Notes, edits.noteRecords(t, nil)...)
	}
	rec.Turns = len(turns)
	return compactSpan(rec), nil
}
