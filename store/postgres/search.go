package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

const hitOrder = ` ORDER BY e.at DESC, e.session DESC, e.seq DESC`

// searchOnce finds events whose body holds every word, on the plan
// plan.Search chooses: the newest events on the time index, or the body
// trigram index.
func (s *Store) searchOnce(ctx context.Context, q store.SearchQuery) ([]store.Hit, error) {
	hits, err := plan.Search(ctx, q, searcher{s})
	store.Counted(hits, q.Count)
	return hits, wrapSearch(err)
}

type searcher struct{ s *Store }

func (searcher) Costs() plan.Costs { return costs }

const (
	hitSelect = `SELECT e.session, s.title, e.seq, e.at, e.kind, e.body, s.source FROM events e JOIN sessions s ON s.id = e.session `
)

// searchKinds is the kinds condition on $1 with the flags q skips and its
// time bounds.
func searchKinds(q store.SearchQuery) string {
	return `($1::text[] IS NULL OR kind = ANY ($1))` + hidden(q.SkipEchoes, q.SkipRepeats) + timeBounds(q)
}

// searchArgs are $1 kinds, $2 limit, then the words' patterns.
func searchArgs(q store.SearchQuery, limit int) (string, []any) {
	pats, _ := plan.Words(q)
	args := []any{kinds(store.Query{Kinds: q.Kinds}), limitArg(limit)}
	if q.Any {
		return joinedConds(pats, args, "body", "C", " OR ")
	}
	return wordConds(pats, args, "body", "C")
}

func (sr searcher) Walk(ctx context.Context, q store.SearchQuery, window, limit int) ([]store.Hit, error) {
	words, args := searchArgs(q, limit)
	cols, args := hitColumns(q, "e", args)
	if window == 0 {
		return sr.s.queryHits(ctx, q, `SELECT `+cols+` FROM events e`+hitJoin(q)+` WHERE `+searchKinds(q)+` AND `+words+hitOrder+` LIMIT $2`, args...)
	}
	// The window's rows are filtered and returned as they are read, not
	// looked up again by id: with a window of thousands, an IN over their
	// ids was planned as a hash of the window and a full scan of events
	// (TestPlans' RelevanceCommon, the per-stem read of :rank :relevance).
	args = append(args, window)
	return sr.s.queryHits(ctx, q, `SELECT `+cols+` FROM (
			SELECT session, seq, at, kind, body FROM (
				SELECT session, seq, at, kind, body, echo FROM events ORDER BY at DESC, session DESC, seq DESC LIMIT $`+
		fmt.Sprint(len(args))+`) w
			WHERE `+searchKinds(q)+` AND `+words+`
		) e`+hitJoin(q)+hitOrder+` LIMIT $2`, args...)
}

// Indexed lets the body trigram index find candidates holding each word's
// rarest trigram (rareConds, priced on the newest events by held), then
// tests the exact words in a form the index cannot serve, so the planner
// does not look their every trigram up after all. MATERIALIZED keeps it
// from walking the time index on a guess instead.
func (sr searcher) Indexed(ctx context.Context, q store.SearchQuery, limit int) ([]store.Hit, error) {
	pats, err := plan.Words(q)
	if err != nil {
		return nil, err
	}
	pattern := strings.Join(pats, "")
	held, err := sr.held(ctx, pattern)
	if err != nil {
		return nil, err
	}
	rare, args := rareConds("body", pattern, held, []any{kinds(store.Query{Kinds: q.Kinds}), limitArg(limit)})
	if len(q.Count) > 0 {
		// Counted rows need no session, so the candidates are tested
		// as the bitmap reads them, each row read once, rather than
		// looked up again by id.
		words, args := wordConds(pats, args, "body", "POSIX")
		cols, args := hitColumns(q, "m", args)
		return sr.s.queryHits(ctx, q, `WITH m AS MATERIALIZED (SELECT session, seq, at, kind, body FROM events
			WHERE `+rare+` AND `+searchKinds(q)+` AND `+words+`)
			SELECT `+cols+` FROM m ORDER BY at DESC, session DESC, seq DESC LIMIT $2`, args...)
	}
	words, args := wordConds(pats, args, "e.body", "POSIX")
	return sr.s.queryHits(ctx, q, `WITH m AS MATERIALIZED (SELECT id FROM events WHERE `+rare+` AND `+searchKinds(q)+`)
		`+hitSelect+`WHERE e.id IN (SELECT id FROM m) AND `+words+hitOrder+` LIMIT $2`, args...)
}

// heldRows is how many of the newest events held counts in: enough to
// tell a trigram in one body in ten, which is what a lookup must avoid,
// from a rare one, at an eighth of a probe's cost. (Sending the count
// with the search's probe, in one round trip, cost the searches that
// need no index as much as it saved the others.)
const heldRows = 64

// held counts the newest heldRows events whose body holds each of
// pattern's sampled trigrams (plan.Trigrams), case and all: an estimate
// of how common each is.
func (sr searcher) held(ctx context.Context, pattern string) ([]int64, error) {
	tris, _ := plan.Trigrams(pattern)
	if len(tris) == 0 {
		return nil, nil
	}
	var cols []string
	args := []any{heldRows}
	for _, t := range tris {
		args = append(args, t)
		cols = append(cols, fmt.Sprintf(`count(*) FILTER (WHERE strpos(body, $%d) > 0)`, len(args)))
	}
	held := make([]int64, len(tris))
	dest := make([]any, len(held))
	for i := range held {
		dest[i] = &held[i]
	}
	err := sr.s.pool.QueryRow(ctx, `SELECT `+strings.Join(cols, ", ")+` FROM (
		SELECT body FROM events ORDER BY at DESC, session DESC, seq DESC LIMIT $1) w`, args...).Scan(dest...)
	return held, err
}

func (sr searcher) Rows(ctx context.Context) (int64, error) {
	var n int64
	err := sr.s.pool.QueryRow(ctx, `SELECT coalesce(max(id), 0) FROM events`).Scan(&n)
	return n, err
}

// wordConds ANDs one ILIKE per word pattern on col under the collation
// coll ("C", which the trigram index serves, or "POSIX", the same test in
// a form it does not), numbering the parameters after those already in
// args.
func wordConds(pats []string, args []any, col, coll string) (string, []any) {
	return joinedConds(pats, args, col, coll, " AND ")
}

// joinedConds is wordConds with the tests joined by sep, in parentheses.
func joinedConds(pats []string, args []any, col, coll, sep string) (string, []any) {
	var conds []string
	for _, p := range pats {
		args = append(args, p)
		conds = append(conds, fmt.Sprintf(`(%s COLLATE "%s") ILIKE $%d`, col, coll, len(args)))
	}
	return "(" + strings.Join(conds, sep) + ")", args
}

func wrapSearch(err error) error {
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	return nil
}

// hitColumns is the select list of a search's rows on the events alias
// e, with the list's arguments numbered after args: the whole hit (its
// session's title and source through hitJoin), or with q.Count the
// columns searchOnce counts the words in (store.Counted).
func hitColumns(q store.SearchQuery, e string, args []any) (string, []any) {
	if len(q.Count) == 0 {
		return `e.session, s.title, e.seq, e.at, e.kind, e.body, s.source`, args
	}
	return e + `.session, ` + e + `.seq, ` + e + `.at, ` + e + `.kind, ` + e + `.body`, args
}

// hitJoin joins the sessions of whole hits.
func hitJoin(q store.SearchQuery) string {
	if len(q.Count) == 0 {
		return ` JOIN sessions s ON s.id = e.session`
	}
	return ""
}

func (s *Store) Hits(ctx context.Context, keys []store.HitKey) ([]store.Hit, error) {
	return retry(ctx, s, false, func() ([]store.Hit, error) {
		hits, err := s.hitsOnce(ctx, keys)
		if err != nil {
			return nil, fmt.Errorf("hits: %w", err)
		}
		return hits, nil
	})
}

// hitsOnce reads the events keys name in one statement, a lookup on the
// (session, seq) index each.
func (s *Store) hitsOnce(ctx context.Context, keys []store.HitKey) ([]store.Hit, error) {
	if len(keys) == 0 {
		return nil, nil
	}
	sessions := make([]string, len(keys))
	seqs := make([]int64, len(keys))
	for i, k := range keys {
		sessions[i], seqs[i] = k.Session, k.Seq
	}
	return s.queryHits(ctx, store.SearchQuery{}, hitSelect+`JOIN (SELECT DISTINCT * FROM unnest($1::text[], $2::bigint[])) k (session, seq)
		ON e.session = k.session AND e.seq = k.seq`+hitOrder, sessions, seqs)
}

// queryHits runs a search statement whose columns are q's (hitColumns).
func (s *Store) queryHits(ctx context.Context, q store.SearchQuery, query string, args ...any) ([]store.Hit, error) {
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Hit, error) {
		var h store.Hit
		var err error
		if len(q.Count) > 0 {
			err = r.Scan(&h.Session, &h.Seq, &h.At, &h.Kind, &h.Body)
		} else {
			var source *string
			err = r.Scan(&h.Session, &h.Title, &h.Seq, &h.At, &h.Kind, &h.Body, &source)
			if source != nil {
				h.Source = []byte(*source)
			}
		}
		h.At = h.At.UTC()
		return h, err
	})
}
