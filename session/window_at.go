package session

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// Look is a read-only view of a stored session as it stood before one seq
// of its log: its tree and the window a request would have built then.
// Nothing is appended, no cell is run and no image is built, so a viewer
// can look at any session, at any point, as often as it likes.
type Look struct {
	s     *Session
	moves []HeadMove
}

// HeadMove is one head move of the log: undo, redo, rewind or tree.
type HeadMove struct {
	Seq, From, To int64
	Why           string
	At            time.Time
}

// LookAt opens session id of st as it stood before seq before (0: as it
// stands now). The model, system prompt and budget overrides are the
// ones the log held then (docs/sessions.md); opts give them for a session that
// logged none, and the budget's environment.
func LookAt(ctx context.Context, st store.Store, id string, before int64, opts Options) (*Look, error) {
	info, err := st.Session(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("look at session %s: %w", id, err)
	}
	if before > 0 {
		st = asOf{Store: st, before: before}
	}
	s := &Session{st: st, info: info, opts: opts, tree: newTree()}
	if err := s.lookSettings(ctx); err != nil {
		return nil, err
	}
	r, err := st.Scan(ctx, store.Query{Session: id, Kinds: []string{event.KindInput, event.KindHeadMove}})
	if err != nil {
		return nil, fmt.Errorf("look at session %s: %w", id, err)
	}
	l := &Look{s: s}
	for _, e := range r.Events {
		s.tree.apply(e)
		if e.Kind == event.KindHeadMove {
			var p event.HeadMove
			_ = json.Unmarshal(e.Payload, &p)
			l.moves = append(l.moves, HeadMove{Seq: e.Seq, From: p.From, To: p.To, Why: p.Why, At: e.At})
		}
	}
	return l, nil
}

// Moves are the head moves, oldest first: the tree was read with them.
func (l *Look) Moves() []HeadMove { return l.moves }

// Head is the turn head stood on.
func (l *Look) Head() int64 { return l.s.tree.head }

// Tree lists the turns for drawing, as Session.Tree does.
func (l *Look) Tree() []TreeTurn { return l.s.tree.list() }

// Window is the window as /context shows it: built, not sent.
func (l *Look) Window(ctx context.Context) (*Window, error) {
	_, w, err := l.s.look(ctx)
	return w, err
}

// Standing is what the log says of the window without building it.
type Standing struct {
	Boundary int64 // the eviction boundary
	Budget   int   // the effective budget; 0 unknown
	Source   evict.Source
}

// Standing reads the boundary and the budget: the newest eviction and
// ceiling, two single-event reads, where building the window reads all
// of it.
func (l *Look) Standing(ctx context.Context) (Standing, error) {
	var st lastEvents
	for _, r := range []struct {
		kind string
		into any
	}{{event.KindEviction, &st.eviction}, {event.KindCeiling, &st.ceiling}} {
		e, ok, err := store.Last(ctx, l.s.st, l.s.info.ID, r.kind)
		if err != nil {
			return Standing{}, fmt.Errorf("read %s of session %s: %w", r.kind, l.s.info.ID, err)
		}
		if ok {
			_ = json.Unmarshal(e.Payload, r.into)
		}
	}
	b := l.s.budget(st)
	return Standing{Boundary: st.eviction.Boundary, Budget: b.Tokens, Source: b.Source}, nil
}

// RequestWindow rebuilds the window that request event seq sent, from the
// log alone: the window as the log stood before the request, with what the
// request itself did put back where it was — the eviction it made (already
// in the log before it, so already applied) and the warning it appended
// last. Recorded holds the request's own record of what it sent.
func RequestWindow(ctx context.Context, st store.Store, id string, seq int64, opts Options) (*Window, Recorded, error) {
	req, err := st.Event(ctx, id, seq)
	if err != nil {
		return nil, Recorded{}, fmt.Errorf("request %d of session %s: %w", seq, id, err)
	}
	if req.Kind != event.KindRequest {
		return nil, Recorded{}, fmt.Errorf("seq %d of session %s is a %s, not a request: %w", seq, id, req.Kind, store.ErrInvalid)
	}
	var rec Recorded
	var p event.Request
	if json.Unmarshal(req.Payload, &p) == nil {
		rec = Recorded{Messages: p.Messages, Tokens: p.Tokens, Head: p.Head}
	}
	look, err := LookAt(ctx, st, id, seq, opts)
	if err != nil {
		return nil, rec, err
	}
	w, err := look.Window(ctx)
	if err != nil {
		return nil, rec, err
	}
	// A request appends its eviction, its warning and itself in one call,
	// in that order, so what it did sits just before it in the log.
	batch, err := st.Scan(ctx, store.Query{Session: id, After: seq - 3, Before: seq})
	if err != nil {
		return nil, rec, fmt.Errorf("request %d of session %s: %w", seq, id, err)
	}
	for _, e := range batch.Events {
		if e.Turn != req.Turn || !e.At.Equal(req.At) {
			continue
		}
		switch e.Kind {
		case event.KindEviction:
			var ev event.Eviction
			if json.Unmarshal(e.Payload, &ev) == nil && ev.Why == "auto" {
				w.Evicted = true
			}
		case event.KindWarning:
			var wp event.Warning
			if json.Unmarshal(e.Payload, &wp) != nil {
				continue
			}
			w.addWarning(Message{ID: "warn", Role: RoleSystem, Text: wp.Text, Tokens: tokensOf(wp.Text)})
		}
	}
	return w, rec, nil
}

// Recorded is what a request event says it sent.
type Recorded struct {
	Messages int
	Tokens   int
	Head     int64
}

// asOf is a store read as it stood before seq before: every read of a
// lineage stops short of it. Only the reads a window makes are narrowed;
// a Look never writes.
type asOf struct {
	store.Store
	before int64
}

func (a asOf) Scan(ctx context.Context, q store.Query) (store.ScanResult, error) {
	if q.Before == 0 || q.Before > a.before {
		q.Before = a.before
	}
	return a.Store.Scan(ctx, q)
}

func (a asOf) Event(ctx context.Context, session string, seq int64) (store.Event, error) {
	if seq >= a.before {
		return store.Event{}, fmt.Errorf("event %d of session %s: %w", seq, session, store.ErrNotFound)
	}
	return a.Store.Event(ctx, session, seq)
}

// lookSettings takes the newest settings event the look can see, as a
// resume does, but changes nothing: a look never appends.
func (s *Session) lookSettings(ctx context.Context) error {
	e, ok, err := store.Last(ctx, s.st, s.info.ID, event.KindSettings)
	if err != nil || !ok {
		return err
	}
	var p event.Settings
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return fmt.Errorf("session %s: settings event %d: %w", s.info.ID, e.Seq, err)
	}
	s.opts.Model, s.opts.System = p.Model, p.System
	for model, n := range p.Overrides {
		s.overrides().Set(model, n)
	}
	return nil
}

// LoggedModel is the model session id's log names now ("" when it logged
// none).
func LoggedModel(ctx context.Context, st store.Store, id string) (string, error) {
	e, ok, err := store.Last(ctx, st, id, event.KindSettings)
	if err != nil || !ok {
		return "", err
	}
	var p event.Settings
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return "", fmt.Errorf("session %s: settings event %d: %w", id, e.Seq, err)
	}
	return p.Model, nil
}
