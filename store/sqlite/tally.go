package sqlite

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// Tally counts the store's events from the sessions' seqs and the
// words held among the newest q.Limit events q keeps, in two statements:
// the sample walks the time index (the + on kind keeps SQLite from the
// kind index, which would read every event of the kinds to sort them).
func (s *Store) Tally(ctx context.Context, q store.SearchQuery) (store.Tally, error) {
	t, err := s.tally(ctx, q)
	if err != nil {
		return store.Tally{}, fmt.Errorf("tally: %w", err)
	}
	return t, nil
}

func (s *Store) tally(ctx context.Context, q store.SearchQuery) (store.Tally, error) {
	if err := store.CheckSearch(q); err != nil {
		return store.Tally{}, err
	}
	t := store.Tally{Held: make([]int64, len(q.Words))}
	if err := s.queryRow(ctx, `SELECT coalesce(sum(next_seq - 1 - coalesce(fork_seq, 0)), 0) FROM sessions`).Scan(&t.Events); err != nil {
		return store.Tally{}, err
	}
	words := q.Words
	q.Words = nil
	cond, args := conds(q)
	var cols strings.Builder
	var wargs []any
	for _, w := range words {
		c, arg := matchCond("e.body", store.EscapeLike(w))
		fmt.Fprintf(&cols, ", coalesce(sum(%s), 0)", c)
		wargs = append(wargs, arg)
	}
	dest := []any{&t.Sampled}
	for i := range t.Held {
		dest = append(dest, &t.Held[i])
	}
	err := s.queryRow(ctx, `SELECT count(*)`+cols.String()+` FROM (
		SELECT e.body FROM events e WHERE `+cond+hitOrder+` LIMIT ?) e`,
		append(append(wargs, args...), sqlLimit(q.Limit))...).Scan(dest...)
	return t, err
}

// timeBounds is q's time bounds on the at column of prefix ("" or "e."),
// ANDed after others; the times are integers this package writes.
func timeBounds(prefix string, q store.SearchQuery) string {
	var sb strings.Builder
	if !q.Since.IsZero() {
		fmt.Fprintf(&sb, " AND %sat >= %d", prefix, micros(q.Since))
	}
	if !q.Until.IsZero() {
		fmt.Fprintf(&sb, " AND %sat < %d", prefix, micros(q.Until))
	}
	return sb.String()
}

// micros is t as the at column holds it, rounded up to the microsecond so
// that a bound between two microseconds keeps the same events as on
// PostgreSQL.
func micros(t time.Time) int64 {
	m := t.UnixMicro()
	if t.Sub(time.UnixMicro(m)) > 0 {
		m++
	}
	return m
}
