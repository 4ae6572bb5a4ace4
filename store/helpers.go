package store

import (
	"context"
	"errors"
)

// Last returns the newest event of one of the given kinds in a session's
// lineage (any kind when none are given), such as the latest head move.
// ok is false when there is none.
func Last(ctx context.Context, s Store, session string, kinds ...string) (e Event, ok bool, err error) {
	r, err := s.Scan(ctx, Query{Session: session, Kinds: kinds, Limit: 1, Newest: true})
	if err != nil || len(r.Events) == 0 {
		return Event{}, false, err
	}
	return r.Events[0], true, nil
}

// Events returns up to limit events of a session's lineage after seq
// after, oldest first, every kind: the read for following a log as it
// grows, one page at a time.
func Events(ctx context.Context, s Store, session string, after int64, limit int) ([]Event, error) {
	r, err := s.Scan(ctx, Query{Session: session, After: after, Limit: limit})
	return r.Events, err
}

// Range returns every event of a session's lineage with from <= seq <=
// through, oldest first.
func Range(ctx context.Context, s Store, session string, from, through int64) ([]Event, error) {
	r, err := s.Scan(ctx, Query{Session: session, After: from - 1, Before: through + 1})
	return r.Events, err
}

// IsNotFound reports whether err says a session or event does not exist.
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
