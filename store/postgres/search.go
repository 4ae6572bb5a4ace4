package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

const hitOrder = ` ORDER BY e.at DESC, e.session DESC, e.seq DESC`

// Search finds events whose body holds every word. It first tests the
// newest plan.Window events of the store; when they do not fill the
// limit, it lets the body trigram index find the candidates (or walks
// everything when no word has three characters for it to use).
func (s *Store) Search(ctx context.Context, q store.SearchQuery) ([]store.Hit, error) {
	pats, err := plan.Words(q)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	const kindCond = `($1::text[] IS NULL OR kind = ANY ($1))`
	const cols = `SELECT e.session, s.title, e.seq, e.at, e.kind, e.body FROM events e JOIN sessions s ON s.id = e.session `
	base := []any{kinds(store.Query{Kinds: q.Kinds}), limitArg(q.Limit)}
	if q.Limit > 0 {
		// $1 kinds, $2 limit, $3 window, $4… the words.
		words, args := wordConds(pats, append(base, plan.Window))
		hits, err := s.queryHits(ctx, cols+`WHERE e.id IN (
				SELECT id FROM (SELECT id, kind, body FROM events ORDER BY at DESC, session DESC, seq DESC LIMIT $3) w
				WHERE `+kindCond+` AND `+words+`
			)`+hitOrder+` LIMIT $2`, args...)
		if err != nil || len(hits) >= q.Limit {
			return hits, wrapSearch(err)
		}
	}
	// $1 kinds, $2 limit, $3… the words.
	words, args := wordConds(pats, base)
	query := cols + `WHERE ` + kindCond + ` AND ` + words + hitOrder + ` LIMIT $2`
	if slices.ContainsFunc(pats, store.HasTrigram) {
		query = `WITH m AS MATERIALIZED (SELECT id FROM events WHERE ` + words + ` AND ` + kindCond + `)
			` + cols + `WHERE e.id IN (SELECT id FROM m)` + hitOrder + ` LIMIT $2`
	}
	hits, err := s.queryHits(ctx, query, args...)
	return hits, wrapSearch(err)
}

// wordConds ANDs one ILIKE per word pattern, numbering the parameters
// after those already in args.
func wordConds(pats []string, args []any) (string, []any) {
	var conds []string
	for _, p := range pats {
		args = append(args, p)
		conds = append(conds, fmt.Sprintf(`(body COLLATE "C") ILIKE $%d`, len(args)))
	}
	return strings.Join(conds, " AND "), args
}

func wrapSearch(err error) error {
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	return nil
}

func (s *Store) queryHits(ctx context.Context, query string, args ...any) ([]store.Hit, error) {
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Hit, error) {
		var h store.Hit
		err := r.Scan(&h.Session, &h.Title, &h.Seq, &h.At, &h.Kind, &h.Body)
		h.At = h.At.UTC()
		return h, err
	})
}
