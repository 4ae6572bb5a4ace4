package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

const hitCols = `e.session, s.title, e.seq, e.at, e.kind, e.body, s.source`
const withSessions = ` JOIN sessions s ON s.id = e.session`
const hitOrder = ` ORDER BY e.at DESC, e.session DESC, e.seq DESC`

// Search finds events whose body holds every word, on the plan
// plan.Search chooses: the newest events on the time index, or the body
// trigram index.
func (s *Store) Search(ctx context.Context, q store.SearchQuery) ([]store.Hit, error) {
	hits, err := plan.Search(ctx, q, searcher{s})
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	store.Counted(hits, q.Count)
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
	cols, from := hitColumns(q)
	if window == 0 {
		return sr.s.queryHits(ctx, q, `SELECT `+cols+` FROM events e`+from+`
			WHERE `+cond+hitOrder+` LIMIT ?`, append(args, sqlLimit(limit))...)
	}
	return sr.s.queryHits(ctx, q, `SELECT `+cols+` FROM (
			SELECT id FROM events ORDER BY at DESC, session DESC, seq DESC LIMIT ?
		) w JOIN events e ON e.id = w.id`+from+`
		WHERE `+cond+hitOrder+` LIMIT ?`, slices.Concat([]any{window}, args, []any{sqlLimit(limit)})...)
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
	cols, from := hitColumns(q)
	if len(q.Count) > 0 {
		// Counted rows need no session, and SQLite's sorter for an
		// ORDER BY with a LIMIT costs more than reading the rows: on the
		// million-event store, sorting a word's 2,000 candidates for its
		// newest 1,000 took as long again as reading them (bodies and
		// all). Go keeps the newest.
		hits, err := sr.s.queryHits(ctx, q, `SELECT `+cols+` FROM events e
			WHERE e.id IN (`+ids+`) AND `+cond, slices.Concat(fargs, args)...)
		if err != nil {
			return nil, err
		}
		return newest(hits, limit), nil
	}
	return sr.s.queryHits(ctx, q, `SELECT `+cols+` FROM events e`+from+`
		WHERE e.id IN (`+ids+`)
		AND `+cond+hitOrder+` LIMIT ?`, slices.Concat(fargs, args, []any{sqlLimit(limit)})...)
}

// newest is the first limit of hits (zero: all) in search order.
func newest(hits []store.Hit, limit int) []store.Hit {
	slices.SortFunc(hits, store.SearchOrder)
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	return hits
}

func (sr searcher) Rows(ctx context.Context) (int64, error) {
	var n int64
	err := sr.s.queryRow(ctx, `SELECT coalesce(max(id), 0) FROM events`).Scan(&n)
	return n, err
}

// hitColumns is the select list of a search's rows on events e and the
// join it needs: the whole hit, or with q.Count the columns Search
// counts the words in (store.Counted; no session join).
func hitColumns(q store.SearchQuery) (cols, from string) {
	if len(q.Count) == 0 {
		return hitCols, withSessions
	}
	return `e.session, e.seq, e.at, e.kind, e.body`, ""
}

// Hits reads the events keys name, a batch of keys to a statement.
func (s *Store) Hits(ctx context.Context, keys []store.HitKey) ([]store.Hit, error) {
	var out []store.Hit
	for batch := range slices.Chunk(keys, hitsBatch) {
		conds := make([]string, len(batch))
		args := make([]any, 0, 2*len(batch))
		for i, k := range batch {
			conds[i] = `(e.session = ? AND e.seq = ?)`
			args = append(args, k.Session, k.Seq)
		}
		hits, err := s.queryHits(ctx, store.SearchQuery{}, `SELECT `+hitCols+` FROM events e`+withSessions+`
			WHERE `+strings.Join(conds, " OR ")+hitOrder, args...)
		if err != nil {
			return nil, fmt.Errorf("hits: %w", err)
		}
		out = append(out, hits...)
	}
	slices.SortStableFunc(out, store.SearchOrder)
	return out, nil
}

// hitsBatch is how many keys one statement of Hits looks up: each is a
// lookup on the (session, seq) index.
const hitsBatch = 200

// queryHits runs a search statement whose columns are q's (hitColumns).
func (s *Store) queryHits(ctx context.Context, q store.SearchQuery, query string, args ...any) ([]store.Hit, error) {
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
		if len(q.Count) > 0 {
			if err := rows.Scan(&h.Session, &h.Seq, &at, &h.Kind, &h.Body); err != nil {
				return nil, err
			}
		} else if err := rows.Scan(&h.Session, &h.Title, &h.Seq, &at, &h.Kind, &h.Body, &source); err != nil {
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
