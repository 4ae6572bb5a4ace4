package postgres

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

// Tally counts the store's events from the sessions' seqs and the words
// held among the newest q.Limit events q keeps, in one statement.
func (s *Store) Tally(ctx context.Context, q store.SearchQuery) (store.Tally, error) {
	return retry(ctx, s, false, func() (store.Tally, error) {
		t, err := s.tallyOnce(ctx, q)
		if err != nil {
			return store.Tally{}, fmt.Errorf("tally: %w", err)
		}
		return t, nil
	})
}

func (s *Store) tallyOnce(ctx context.Context, q store.SearchQuery) (store.Tally, error) {
	if err := store.CheckSearch(q); err != nil {
		return store.Tally{}, err
	}
	pats, err := plan.Words(q)
	if err != nil {
		return store.Tally{}, err
	}
	args := []any{kinds(store.Query{Kinds: q.Kinds}), limitArg(q.Limit)}
	var cols strings.Builder
	for _, p := range pats {
		args = append(args, p)
		fmt.Fprintf(&cols, `, count(*) FILTER (WHERE (body COLLATE "C") ILIKE $%d)`, len(args))
	}
	t := store.Tally{Held: make([]int64, len(pats))}
	dest := []any{&t.Events, &t.Sampled}
	for i := range t.Held {
		dest = append(dest, &t.Held[i])
	}
	err = s.pool.QueryRow(ctx, `SELECT (SELECT coalesce(sum(next_seq - 1 - coalesce(fork_seq, 0)), 0)::bigint FROM sessions),
		count(*)`+cols.String()+` FROM (
		SELECT body FROM events WHERE `+searchKinds(q)+` ORDER BY at DESC, session DESC, seq DESC LIMIT $2) w`,
		args...).Scan(dest...)
	return t, err
}

// timeBounds is q's time bounds on at, ANDed after others; the times are
// literals this package writes, in microseconds as the column holds them.
func timeBounds(q store.SearchQuery) string {
	var sb strings.Builder
	if !q.Since.IsZero() {
		fmt.Fprintf(&sb, ` AND at >= '%s'::timestamptz`, literal(q.Since))
	}
	if !q.Until.IsZero() {
		fmt.Fprintf(&sb, ` AND at < '%s'::timestamptz`, literal(q.Until))
	}
	return sb.String()
}

// literal is t rounded up to the microsecond, as SQLite's bound is.
func literal(t time.Time) string {
	u := t.UTC().Truncate(time.Microsecond)
	if u.Before(t) {
		u = u.Add(time.Microsecond)
	}
	return u.Format("2006-01-02T15:04:05.000000Z")
}
