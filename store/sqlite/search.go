package sqlite

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

const hitCols = `e.session, s.title, e.seq, e.at, e.kind, e.body`
const hitOrder = ` ORDER BY e.at DESC, e.session DESC, e.seq DESC`

// Search finds events whose body holds every word. It first tests the
// newest plan.Window events of the store; when they do not fill the
// limit, it asks the body trigram index for candidates holding the words'
// literal runs, or walks everything when no word has a run of three.
func (s *Store) Search(ctx context.Context, q store.SearchQuery) ([]store.Hit, error) {
	pats, err := plan.Words(q)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
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
	for _, w := range q.Words {
		if w != "" {
			c, arg := matchCond("e.body", store.EscapeLike(w))
			cond.WriteString(" AND " + c)
			args = append(args, arg)
		}
	}
	limit := sqlLimit(q.Limit)
	if q.Limit > 0 {
		hits, err := s.queryHits(ctx, `SELECT `+hitCols+` FROM (
				SELECT id FROM events ORDER BY at DESC, session DESC, seq DESC LIMIT ?
			) w JOIN events e ON e.id = w.id JOIN sessions s ON s.id = e.session
			WHERE `+cond.String()+hitOrder+` LIMIT ?`, append(append([]any{plan.Window}, args...), limit)...)
		if err != nil || len(hits) >= q.Limit {
			return hits, wrapSearch(err)
		}
	}
	var filters []string
	var fargs []any
	for _, p := range pats {
		if f, ok := store.TrigramFilter(p); ok {
			filters = append(filters, "body LIKE ?")
			fargs = append(fargs, f)
		}
	}
	from := `events e JOIN sessions s ON s.id = e.session WHERE `
	if len(filters) > 0 {
		from += `e.id IN (SELECT rowid FROM events_body WHERE ` + strings.Join(filters, " AND ") + `) AND `
		args = append(fargs, args...)
	}
	hits, err := s.queryHits(ctx, `SELECT `+hitCols+` FROM `+from+cond.String()+hitOrder+` LIMIT ?`,
		append(args, limit)...)
	return hits, wrapSearch(err)
}

func wrapSearch(err error) error {
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	return nil
}

func (s *Store) queryHits(ctx context.Context, query string, args ...any) ([]store.Hit, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Hit
	for rows.Next() {
		var h store.Hit
		var at int64
		if err := rows.Scan(&h.Session, &h.Title, &h.Seq, &at, &h.Kind, &h.Body); err != nil {
			return nil, err
		}
		h.At = time.UnixMicro(at).UTC()
		out = append(out, h)
	}
	return out, rows.Err()
}
