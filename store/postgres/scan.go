package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

const eventCols = `session, seq, at, kind, turn, payload, body`

func collectEvents(rows pgx.Rows, err error) ([]store.Event, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Event, error) {
		var e store.Event
		var payload string
		err := r.Scan(&e.Session, &e.Seq, &e.At, &e.Kind, &e.Turn, &payload, &e.Body)
		e.At = e.At.UTC()
		e.Payload = []byte(payload)
		return e, err
	})
}

// Event returns the event at seq in the session's lineage.
func (s *Store) Event(ctx context.Context, session string, seq int64) (store.Event, error) {
	lin, err := s.Lineage(ctx, session)
	if err != nil {
		return store.Event{}, fmt.Errorf("event %s/%d: %w", session, seq, err)
	}
	g, ok := plan.Find(lin, seq)
	if !ok {
		return store.Event{}, fmt.Errorf("event %s/%d: %w", session, seq, store.ErrNotFound)
	}
	evs, err := collectEvents(s.pool.Query(ctx, `SELECT `+eventCols+` FROM events WHERE session = $1 AND seq = $2`, g.Session, seq))
	if err == nil && len(evs) == 0 {
		err = store.ErrNotFound
	}
	if err != nil {
		return store.Event{}, fmt.Errorf("event %s/%d: %w", session, seq, err)
	}
	return evs[0], nil
}

// Scan reads a session's lineage.
func (s *Store) Scan(ctx context.Context, q store.Query) (store.ScanResult, error) {
	lin, err := s.Lineage(ctx, q.Session)
	if err != nil {
		return store.ScanResult{}, fmt.Errorf("scan session %s: %w", q.Session, err)
	}
	r, err := plan.Scan(ctx, lin, q, segmenter{s})
	if err != nil {
		return store.ScanResult{}, fmt.Errorf("scan session %s: %w", q.Session, err)
	}
	return r, nil
}

type segmenter struct{ s *Store }

// The conditions every plan shares: $1 session, $2 after, $3 through,
// $4 kinds (NULL for all), $5 the match pattern where there is one.
const (
	inSegment = `session = $1 AND seq > $2 AND seq <= $3`
	ofKinds   = `($4::text[] IS NULL OR kind = ANY ($4))`
	matches   = `(payload COLLATE "C") ILIKE $5`
)

func kinds(q store.Query) []string {
	if len(q.Kinds) == 0 {
		return nil
	}
	return q.Kinds
}

func direction(q store.Query) string {
	if q.Newest {
		return "DESC"
	}
	return "ASC"
}

// limitArg is a LIMIT value; NULL means none.
func limitArg(n int) *int64 {
	if n <= 0 {
		return nil
	}
	v := int64(n)
	return &v
}

// Costs are PostgreSQL's per-row costs in microseconds, measured on the
// 100k benchmark: ILIKE's lower() copy of each payload dominates a walk
// and a count (which the planner may also run in parallel), a GIN
// candidate adds the bitmap, the CTE, the fetch by id and the recheck
// (about four rows' worth), and a posting-list entry a fraction of a row.
func (segmenter) Costs() plan.Costs { return costs }

var costs = plan.Costs{Walk: 2.5, Scan: 2.2, Index: 8, List: 0.3}

func (sg segmenter) Walk(ctx context.Context, g store.Segment, q store.Query, window, limit int) ([]store.Event, error) {
	dir := direction(q)
	pool := sg.s.pool
	if q.Match == "" {
		return collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM events WHERE `+inSegment+` AND `+ofKinds+`
			ORDER BY seq `+dir+` LIMIT $5`, g.Session, g.After, g.Through, kinds(q), limitArg(limit)))
	}
	pat := plan.Pattern(q.Match)
	if window == 0 {
		return collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM events WHERE `+inSegment+` AND `+ofKinds+` AND `+matches+`
			ORDER BY seq `+dir+` LIMIT $6`, g.Session, g.After, g.Through, kinds(q), pat, limitArg(limit)))
	}
	return collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM (
			SELECT `+eventCols+` FROM events WHERE `+inSegment+` ORDER BY seq `+dir+` LIMIT $7
		) w WHERE `+ofKinds+` AND `+matches+` ORDER BY seq `+dir+` LIMIT $6`,
		g.Session, g.After, g.Through, kinds(q), pat, limitArg(limit), window))
}

// Indexed lets the trigram index find the matching rows of the whole
// store; MATERIALIZED keeps the planner from walking the (session, seq)
// index instead, which it would price by a guess at the pattern's
// frequency.
func (sg segmenter) Indexed(ctx context.Context, g store.Segment, q store.Query, limit int) ([]store.Event, error) {
	return collectEvents(sg.s.pool.Query(ctx, `WITH m AS MATERIALIZED (
			SELECT id FROM events WHERE `+matches+`
		)
		SELECT `+eventCols+` FROM events WHERE id IN (SELECT id FROM m) AND `+inSegment+` AND `+ofKinds+`
		ORDER BY seq `+direction(q)+` LIMIT $6`,
		g.Session, g.After, g.Through, kinds(q), plan.Pattern(q.Match), limitArg(limit)))
}

// Stats probes the plan.Probe nearest rows and bounds the segment's and
// the store's sizes, all in one statement.
func (sg segmenter) Stats(ctx context.Context, g store.Segment, q store.Query) (plan.Stats, error) {
	args := []any{g.Session, g.After, g.Through, kinds(q), plan.Pattern(q.Match), plan.Probe}
	tris, total := plan.Trigrams(q.Match)
	var sel strings.Builder
	for _, t := range tris {
		args = append(args, t)
		fmt.Fprintf(&sel, `, count(*) FILTER (WHERE strpos(payload, $%d) > 0)`, len(args))
	}
	var st plan.Stats
	var first, last *int64
	held := make([]int64, len(tris))
	dest := []any{&st.Window, &st.Matched, &st.Kept}
	for i := range held {
		dest = append(dest, &held[i])
	}
	dest = append(dest, &first, &last, &st.Store)
	err := sg.s.pool.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE `+matches+`),
			count(*) FILTER (WHERE `+matches+` AND `+ofKinds+`)`+sel.String()+`,
			(SELECT min(seq) FROM events WHERE `+inSegment+`),
			(SELECT max(seq) FROM events WHERE `+inSegment+`),
			(SELECT coalesce(max(id), 0) FROM events)
		FROM (SELECT kind, payload FROM events WHERE `+inSegment+`
			ORDER BY seq `+direction(q)+` LIMIT $6) w`, args...).Scan(dest...)
	if first != nil && last != nil {
		st.Span = *last - *first + 1
	}
	st.Lists = plan.ListDensity(st.Window, held, total)
	return st, err
}

func (sg segmenter) Count(ctx context.Context, g store.Segment, q store.Query, indexed bool) (int64, error) {
	var n int64
	var err error
	pool := sg.s.pool
	switch {
	case q.Match == "":
		err = pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE `+inSegment+` AND `+ofKinds,
			g.Session, g.After, g.Through, kinds(q)).Scan(&n)
	case indexed:
		err = pool.QueryRow(ctx, `WITH m AS MATERIALIZED (SELECT id FROM events WHERE `+matches+`)
			SELECT count(*) FROM events WHERE id IN (SELECT id FROM m) AND `+inSegment+` AND `+ofKinds,
			g.Session, g.After, g.Through, kinds(q), plan.Pattern(q.Match)).Scan(&n)
	default:
		err = pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE `+inSegment+` AND `+ofKinds+` AND `+matches,
			g.Session, g.After, g.Through, kinds(q), plan.Pattern(q.Match)).Scan(&n)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		err = nil
	}
	return n, err
}
