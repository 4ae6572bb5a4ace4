package transcript

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/store"
)

// File is one transcript file kept in step with its session: each Sync
// reads what the file has gained (a Tail) and writes what the store lacks
// of it. A one-time import syncs a file once; a follower every time the
// file changes.
//
// Two importers of one file never write an event twice: a session is
// created by store.Import, which refuses an id the store has, and every
// later write happens under the session's lease, after reading back what
// the other importer wrote since (the events' source ids).
type File struct {
	tail   *Tail
	holder store.Holder
	token  string
	// TitleWait is how long a follower holds a new session back waiting
	// for its title (the first words the user typed, or the tool's name
	// for it) before creating it under the tool's name and start time.
	TitleWait time.Duration

	pending  []entry // read, not yet written
	k        *known  // what the store holds of the session, when loaded
	loaded   bool
	exists   bool
	held     time.Time // when the first pending entry began to wait for a title
	progress func(events int64)
}

// Result is what one Sync did.
type Result struct {
	// Batch is what the file gained.
	Batch *Batch
	// Session is the session the file is imported into ("" before the
	// file names one).
	Session string
	// Created reports that this Sync created the session.
	Created bool
	// Events is the number of events written.
	Events int
	// Waiting says why events read are not written yet ("" when none
	// wait): the next Sync tries again.
	Waiting string
}

// leaseTTL is how long an importer's lease lasts if it dies holding it.
const leaseTTL = 30 * time.Second

// NewFile starts keeping path, a transcript of format, in step with its
// session; holder names the importer in the leases it takes.
func NewFile(format, path string, holder store.Holder) (*File, error) {
	tl, err := NewTail(format, path)
	if err != nil {
		return nil, err
	}
	if holder.Kind == "" {
		holder.Kind = "import"
	}
	if holder.PID == 0 {
		holder.PID = os.Getpid()
	}
	return &File{tail: tl, holder: holder, token: store.NewLeaseToken(), TitleWait: 5 * time.Second}, nil
}

// Path is the file's absolute path.
func (f *File) Path() string { return f.tail.file }

// Sync reads what the file has gained and writes what the store lacks of
// it. final says that no more is expected soon (a one-time import): a new
// session without a title of its own is created at once under the tool's
// name and start time, and a file that names no session is ErrNoSession.
func (f *File) Sync(ctx context.Context, st store.Store, final bool) (Result, error) {
	b, err := f.tail.Read(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", f.tail.file, err)
	}
	r := Result{Batch: b}
	if b.Rewritten && f.exists {
		f.pending = append(f.pending, rewriteEntry(f.tail.file, b.Pending))
	}
	f.pending = append(f.pending, b.entries...)
	if !f.tail.Ready() || (!f.exists && f.tail.Bare()) {
		if final {
			return r, f.tail.check()
		}
		return r, nil
	}
	r.Session = f.tail.t.SessionID()
	if len(f.pending) == 0 {
		return r, nil
	}
	if !f.exists {
		created, err := f.create(ctx, st, final, &r)
		if err != nil || created || r.Waiting != "" {
			return r, err
		}
	}
	return r, f.grow(ctx, st, &r)
}

// rewriteEntry records that the file was found rewritten: what it is,
// kept in the session beside the events imported before it.
func rewriteEntry(file string, pending int) entry {
	now := time.Now().UTC()
	return entry{key: "rewritten " + now.Format(time.RFC3339Nano), at: now, kind: event.KindSourceRecord,
		text: fmt.Sprintf("transcript rewritten: %s was replaced, cut short or changed before its end; it was read again from its start, and the events imported before stay", file)}
}

// create makes the session when the store lacks it; created is false when
// it exists already (another importer made it) or must wait for a title.
func (f *File) create(ctx context.Context, st store.Store, final bool, r *Result) (created bool, err error) {
	t := f.tail.Transcript()
	id := t.SessionID()
	have, err := st.Session(ctx, id)
	if err == nil {
		if src, ok := store.SourceOf(have.Source); !ok || src.Tool != t.Format || src.ID != t.ID || src.Agent != t.Agent {
			return false, fmt.Errorf("%s: session %s is already in the store and was not imported from this transcript", f.tail.file, id)
		}
		f.exists = true
		return false, nil
	}
	if !store.IsNotFound(err) {
		return false, fmt.Errorf("%s: %w", f.tail.file, err)
	}
	if !final && !f.tail.Titled() {
		if f.held.IsZero() {
			f.held = time.Now()
		}
		if time.Since(f.held) < f.TitleWait {
			r.Waiting = "a title (the first words the user types)"
			return false, nil
		}
	}
	k := newKnown()
	stampStart(f.pending)
	evs, err := plan(f.pending, k)
	if err != nil {
		return false, fmt.Errorf("%s: %w", f.tail.file, err)
	}
	l, err := sessionLog(t, evs)
	if err != nil {
		return false, fmt.Errorf("%s: %w", f.tail.file, err)
	}
	err = st.Import(ctx, []store.SessionLog{l}, f.progress)
	if err != nil && f.madeMeanwhile(ctx, st, id, err) {
		f.exists = true // another importer was first; grow it
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("%s: %w", f.tail.file, err)
	}
	f.exists, f.loaded, f.k, f.pending = true, true, k, nil
	r.Created, r.Events = true, len(evs)
	return true, nil
}

// madeMeanwhile reports whether an Import that failed with err lost a
// race to another importer creating the same session: ErrExists, or
// (PostgreSQL reports a race inside its transaction as a unique
// violation) the session is there now.
func (f *File) madeMeanwhile(ctx context.Context, st store.Store, id string, err error) bool {
	if errors.Is(err, store.ErrExists) {
		return true
	}
	_, serr := st.Session(ctx, id)
	return serr == nil
}

// grow appends the pending entries the session lacks, under its lease.
func (f *File) grow(ctx context.Context, st store.Store, r *Result) error {
	id := r.Session
	_, err := st.TakeLease(ctx, store.LeaseRequest{Session: id, Holder: f.holder, Token: f.token, TTL: leaseTTL})
	if errors.Is(err, store.ErrHeld) {
		r.Waiting = err.Error()
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", f.tail.file, err)
	}
	defer st.ReleaseLease(context.WithoutCancel(ctx), id, f.token)
	if err := f.catchUp(ctx, st, id); err != nil {
		return err
	}
	stampStart(f.pending)
	evs, err := plan(f.pending, f.k)
	if err != nil {
		f.loaded = false // plan may have noted calls that were not written
		return fmt.Errorf("%s: %w", f.tail.file, err)
	}
	f.pending = nil
	if len(evs) == 0 {
		return nil
	}
	if _, err := st.Append(ctx, id, newEvents(evs)); err != nil {
		f.loaded = false
		return fmt.Errorf("%s: %w", f.tail.file, err)
	}
	r.Events = len(evs)
	return nil
}

// catchUp reads what the session holds beyond what f knows: all of it
// the first time, then what another importer appended since.
func (f *File) catchUp(ctx context.Context, st store.Store, id string) error {
	q := store.Query{Session: id, Own: true}
	if f.loaded {
		q.After = f.k.last
	} else {
		f.k = newKnown()
	}
	res, err := st.Scan(ctx, q)
	if err != nil {
		return fmt.Errorf("%s: %w", f.tail.file, err)
	}
	if err := f.k.add(res.Events); err != nil {
		return fmt.Errorf("%s: session %s: %w", f.tail.file, id, err)
	}
	f.loaded = true
	return nil
}
