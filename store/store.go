package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Store is one log: a set of sessions and their events. Implementations are
// safe for concurrent use by many goroutines, and appends are atomic per
// call and durable once the call returns.
type Store interface {
	// ID is the store's own random id, recorded when the store was created.
	ID() string

	// CreateSession creates a root session. An empty id asks for a
	// generated one (see NewSessionID); an id already in use is ErrExists.
	CreateSession(ctx context.Context, id, title string) (Session, error)
	// Fork creates a session whose reads continue those of parent up to
	// forkSeq. A forkSeq of zero or less forks at the parent's last seq.
	// The fork's first own event gets seq forkSeq+1.
	Fork(ctx context.Context, parent string, forkSeq int64, id, title string) (Session, error)
	// Session returns one session, or ErrNotFound.
	Session(ctx context.Context, id string) (Session, error)
	// Sessions lists every session, oldest first (ties by id).
	Sessions(ctx context.Context) ([]Session, error)
	// Lineage returns the session followed by its ancestors, nearest first.
	Lineage(ctx context.Context, id string) ([]Session, error)

	// Append appends events to a session in one atomic step and returns
	// them as stored, with the seqs and time the store assigned.
	Append(ctx context.Context, session string, events []NewEvent) ([]Event, error)
	// Event returns the event at seq in the session's lineage, or
	// ErrNotFound.
	Event(ctx context.Context, session string, seq int64) (Event, error)
	// Scan reads a session's lineage through the filters of q.
	Scan(ctx context.Context, q Query) (ScanResult, error)
	// Search finds events across every session whose body holds every
	// word of q.
	Search(ctx context.Context, q SearchQuery) ([]Hit, error)
	// Tally says how common q's words are, for ranking by rarity: see
	// Tally. It reads q.Words, Kinds, the flags and the time bounds, and
	// takes q.Limit as the sample's size.
	Tally(ctx context.Context, q SearchQuery) (Tally, error)
	// Hits returns the events named by keys as Search returns them, body,
	// title and source included, in search order; a key naming no event
	// is left out. It is the second step of a search that asked for
	// SearchQuery.Count.
	Hits(ctx context.Context, keys []HitKey) ([]Hit, error)

	// TakeLease takes, renews or takes over a session's lease in one
	// atomic step, deciding as LeaseDecision does on the store's clock. A
	// live lease of another holder is a *HeldError (errors.Is ErrHeld); a
	// refused renewal is ErrLeaseLost; an unknown session ErrNotFound.
	TakeLease(ctx context.Context, r LeaseRequest) (LeaseTaken, error)
	// ReleaseLease ends the session's lease if token holds it, and does
	// nothing otherwise.
	ReleaseLease(ctx context.Context, session, token string) error

	// Import adds whole sessions with their events as given, seqs and
	// times included, in one transaction: either all of them or none.
	// A session id already in the store is ErrExists. progress, if not
	// nil, is called now and then with the number of events written.
	Import(ctx context.Context, logs []SessionLog, progress func(events int64)) error

	// Migrate applies any schema migrations this binary knows and the
	// store lacks. Opening a store does it too.
	Migrate(ctx context.Context) error
	// Close releases the store's resources.
	Close() error
}

// Query selects events from one session's lineage for Scan.
type Query struct {
	// Session whose lineage is read.
	Session string
	// Own restricts the read to the session's own events, leaving out
	// those of the sessions it was forked from.
	Own bool
	// Kinds keeps only events of these kinds; empty keeps every kind.
	Kinds []string
	// After and Before are exclusive seq bounds; zero means no bound.
	After, Before int64
	// Match keeps events whose payload contains a stretch matching this
	// LIKE pattern (see Like); empty keeps every event.
	Match string
	// Limit caps the rows returned; zero means no cap.
	Limit int
	// Newest takes the Limit rows from the newest end instead of the
	// oldest. Rows are returned oldest first either way.
	Newest bool
	// Count asks for the total number of matching events in
	// ScanResult.Matched when more than Limit matched.
	Count bool
	// SkipEchoes leaves out events flagged FlagEcho, and SkipRepeats
	// those flagged FlagRepeat (see echo.go).
	SkipEchoes, SkipRepeats bool
}

// ScanResult is what Scan returns.
type ScanResult struct {
	// Events, oldest first.
	Events []Event
	// More reports that more events matched than were returned.
	More bool
	// Matched is the number of matching events: exact when More is false
	// or Query.Count was set, otherwise len(Events)+1 (a lower bound).
	Matched int64
}

// SearchQuery selects events across every session for Search.
type SearchQuery struct {
	// Words must each appear in the body as a literal substring (% and _
	// match themselves), ASCII case ignored. At least one is required.
	Words []string
	// Kinds keeps only events of these kinds; empty keeps every kind.
	Kinds []string
	// Limit caps the rows; zero means no cap.
	Limit int
	// SkipEchoes and SkipRepeats are as for Query.
	SkipEchoes, SkipRepeats bool
	// Since and Until bound the events' times, Since <= at < Until;
	// the zero time is no bound.
	Since, Until time.Time
	// Any keeps events whose body holds at least one of the Words rather
	// than all. No index serves it: the store walks its events newest
	// first, so it is for a store small enough to read whole (recall's
	// relevance search uses it when the store holds no more events than
	// its tally samples).
	Any bool
	// Count, when not empty, makes Search return each hit with Counts and
	// without its body, title or source: the hits are the same, but each
	// row read costs a few numbers rather than its text (recall's
	// relevance search scores thousands of rows and shows a few, which it
	// then reads whole with Hits).
	Count []string
}

// Tally is how common some words are. Events is the number of events in
// the store, counted from the sessions' seqs (each session's next seq
// past its fork point, so a session imported with gaps in its seqs counts
// them too): the same figure on every backend, and no read of the events.
// Of the newest Sampled events that the query's kinds, flags and time
// bounds keep (the query's limit, fewer in a smaller store), Held[i] hold
// word i in the body as Search tests it.
type Tally struct {
	Events  int64
	Sampled int64
	Held    []int64
}

// Hit is one row of Search: an event under the session that appended it.
type Hit struct {
	Session string
	Title   string
	Seq     int64
	At      time.Time
	Kind    string
	Body    string
	// Source is the session's Source (nil for nodelisp's own sessions).
	Source json.RawMessage
	// Counts is set when the query asked for SearchQuery.Count: Counts[i]
	// is how many times the body holds Count[i] (CountWords). Body, Title
	// and Source are empty then.
	Counts []int64
}

// HitKey names an event for Hits.
type HitKey struct {
	Session string
	Seq     int64
}

// Errors a Store returns, wrapped with the operation; test with errors.Is.
var (
	ErrNotFound    = errors.New("not found")
	ErrExists      = errors.New("already exists")
	ErrInvalid     = errors.New("invalid")
	ErrSchemaNewer = errors.New("store schema is newer than this binary")
	ErrEmptySearch = errors.New("empty search")
)
