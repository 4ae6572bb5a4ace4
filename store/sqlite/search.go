package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

const hitCols = `e.session, s.title, e.seq, e.at, e.kind, e.body, s.source`
const hitOrder = ` ORDER BY e.at DESC, e.session DESC, e.seq DESC`

// Search finds events whose body holds every word, on the plan
// plan.Search chooses: the newest events on the time index, or the body
// trigram index.
func (s *Store) Search(ctx context.Context, q store.SearchQuery) ([]store.Hit, error) {
	hits, err := plan.Search(ctx, q, searcher{s})
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return hits, nil
}

type searcher struct{ s *Store }

func (searcher) Costs() plan.Costs { return costs }

// conds is the kinds and words condition on e, with its arguments. The +
// on kind keeps SQLite from reading by the (session, kind, seq) index.
func conds(q store.SearchQuery) (string, []any) {
	var cond strings.Builder
	var args []any
	for _, k := range q.Kinds {
		args = append(args, k)
	}
	if len(q.Kinds) > 0 {
		fmt.Fprintf(&cond, "+e.kind IN (%s)", placeholders(len(q.Kinds)))
	} else {
		cond.WriteString("1")
	}
	cond.WriteString(hidden("e.", q.SkipEchoes, q.SkipRepeats))
	cond.WriteString(timeBounds("e.", q))
	var words []string
	for _, w := range q.Words {
		if w != "" {
			c, arg := matchCond("e.body", store.EscapeLike(w))
			words = append(words, c)
			args = append(args, arg)
		}
	}
	switch {
	case q.Any && len(words) > 0:
		cond.WriteString(" AND (" + strings.Join(words, " OR ") + ")")
	case len(words) > 0:
		cond.WriteString(" AND " + strings.Join(words, " AND "))
	}
	return cond.String(), args
}

func (sr searcher) Walk(ctx context.Context, q store.SearchQuery, window, limit int) ([]store.Hit, error) {
	cond, args := conds(q)
	if window == 0 {
		return sr.s.queryHits(ctx, `SELECT `+hitCols+` FROM events e JOIN sessions s ON s.id = e.session
			WHERE `+cond+hitOrder+` LIMIT ?`, append(args, sqlLimit(limit))...)
	}
	return sr.s.queryHits(ctx, `SELECT `+hitCols+` FROM (
			SELECT id FROM events ORDER BY at DESC, session DESC, seq DESC LIMIT ?
		) w JOIN events e ON e.id = w.id JOIN sessions s ON s.id = e.session
		WHERE `+cond+hitOrder+` LIMIT ?`, append(append([]any{window}, args...), sqlLimit(limit))...)
}

// Indexed has FTS5 find candidates holding every word (ftsRows), then
// tests the exact words on them.
func (sr searcher) Indexed(ctx context.Context, q store.SearchQuery, limit int) ([]store.Hit, error) {
	cond, args := conds(q)
	pats, err := plan.Words(q)
	if err != nil {
		return nil, err
	}
	var indexable []string
	for _, p := range pats {
		if store.HasTrigram(p) {
			indexable = append(indexable, p)
		}
	}
	ids, fargs, err := sr.s.ftsRows(ctx, "events_body", "body", indexable)
	if err != nil {
		return nil, err
	}
	return sr.s.queryHits(ctx, `SELECT `+hitCols+` FROM events e JOIN sessions s ON s.id = e.session
		WHERE e.id IN (`+ids+`)
		AND `+cond+hitOrder+` LIMIT ?`, append(append(fargs, args...), sqlLimit(limit))...)
}

func (sr searcher) Rows(ctx context.Context) (int64, error) {
	var n int64
	err := sr.s.queryRow(ctx, `SELECT coalesce(max(id), 0) FROM events`).Scan(&n)
	return n, err
}

func (s *Store) queryHits(ctx context.Context, query string, args ...any) ([]store.Hit, error) {
	rows, err := s.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Hit
	for rows.Next() {
		var h store.Hit
		var at int64
		var source sql.NullString
		if err := rows.Scan(&h.Session, &h.Title, &h.Seq, &at, &h.Kind, &h.Body, &source); err != nil {
			return nil, err
		}
		if source.Valid {
			h.Source = []byte(source.String)
		}
		h.At = time.UnixMicro(at).UTC()
		out = append(out, h)
	}
	return out, rows.Err()
}
