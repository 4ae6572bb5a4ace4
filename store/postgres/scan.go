package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

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

// eventOnce returns the event at seq in the session's lineage.
func (s *Store) eventOnce(ctx context.Context, session string, seq int64) (store.Event, error) {
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

// scanOnce reads a session's lineage.
func (s *Store) scanOnce(ctx context.Context, q store.Query) (store.ScanResult, error) {
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
//
// tested is the same match as matches in a form no index serves: "POSIX"
// is PostgreSQL's other name for the C collation (ILIKE folds ASCII only
// under both), but the trigram index is on the expression with "C", so
// the planner cannot bring it in. Reads that test every row of a segment
// use it: for a dense pattern the planner would otherwise AND the kind
// index with the trigram index's bitmap of half the store (0.2 s of the
// count's 0.45 s on the million-event log).
const (
	inSegment = `session = $1 AND seq > $2 AND seq <= $3`
	matches   = `(payload COLLATE "C") ILIKE $5`
	tested    = `(payload COLLATE "POSIX") ILIKE $5`
)

// ofKinds is the kinds condition on $4, with the flags q skips (a small
// constant, written in the SQL). Its form follows the number of kinds, so
// that a prepared statement's generic plan can still use the (session,
// kind, seq) index: behind "$4 IS NULL OR kind = ANY ($4)" it cannot, and
// the newest event of an absent kind (a resume's reads of usage, ceiling,
// settings, head moves) walked every row of the session, 2–12 ms at 100k
// events; a single kind is an equality, which reads the index in seq
// order.
func ofKinds(q store.Query) string {
	var cond string
	switch len(q.Kinds) {
	case 0:
		cond = `$4::text[] IS NULL`
	case 1:
		cond = `kind = ($4::text[])[1]`
	default:
		cond = `kind = ANY ($4::text[])`
	}
	return cond + hidden(q.SkipEchoes, q.SkipRepeats)
}

// hidden is the condition leaving out the flags a read skips (store/echo.go),
// ANDed after others; empty when it skips none.
func hidden(skipEchoes, skipRepeats bool) string {
	if m := store.Hidden(skipEchoes, skipRepeats); m != 0 {
		return " AND " + store.VisibleSQL("echo", m)
	}
	return ""
}

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

func (sg segmenter) Counts() *plan.Counts { return &sg.s.counts }

var costs = plan.Costs{Walk: 2.5, Scan: 2.2, Index: 8, List: 0.3}

func (sg segmenter) Walk(ctx context.Context, g store.Segment, q store.Query, window, limit int, _ *plan.Stats) ([]store.Event, error) {
	dir := direction(q)
	pool := sg.s.pool
	if q.Match == "" {
		return collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM events WHERE `+inSegment+` AND `+ofKinds(q)+`
			ORDER BY seq `+dir+` LIMIT $5`, g.Session, g.After, g.Through, kinds(q), limitArg(limit)))
	}
	pat := plan.Pattern(q.Match)
	if window == 0 {
		return collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM events WHERE `+inSegment+` AND `+ofKinds(q)+` AND `+tested+`
			ORDER BY seq `+dir+` LIMIT $6`, g.Session, g.After, g.Through, kinds(q), pat, limitArg(limit)))
	}
	return collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM (
			SELECT `+eventCols+`, echo FROM events WHERE `+inSegment+` ORDER BY seq `+dir+` LIMIT $7
		) w WHERE `+ofKinds(q)+` AND `+matches+` ORDER BY seq `+dir+` LIMIT $6`,
		g.Session, g.After, g.Through, kinds(q), pat, limitArg(limit), window))
}

// Indexed lets the trigram index find a superset of the matching rows of
// the whole store (rareConds) and tests the exact pattern on them;
// MATERIALIZED keeps the planner from walking the (session, seq) index
// instead, which it would price by a guess at the pattern's frequency.
func (sg segmenter) Indexed(ctx context.Context, g store.Segment, q store.Query, limit int, st *plan.Stats) ([]store.Event, error) {
	pat := plan.Pattern(q.Match)
	cond, args := rareConds("payload", pat, heldOf(st), []any{g.Session, g.After, g.Through, kinds(q), pat, limitArg(limit)})
	return collectEvents(sg.s.pool.Query(ctx, `WITH m AS MATERIALIZED (
			SELECT id FROM events WHERE `+cond+`
		)
		SELECT `+eventCols+` FROM events WHERE id IN (SELECT id FROM m) AND `+inSegment+` AND `+ofKinds(q)+` AND `+tested+`
		ORDER BY seq `+direction(q)+` LIMIT $6`, args...))
}

// heldOf is the probe's trigram counts, if there was a probe.
func heldOf(st *plan.Stats) []int64 {
	if st == nil {
		return nil
	}
	return st.Held
}

// Probe reads the plan.Probe nearest rows once, into a materialized
// window that records for each row whether it is of the kinds, whether it
// matches and which sampled trigrams it holds (a case-sensitive strpos:
// an estimate needs no folding), and returns the window's matching events
// with its tallies, the segment's seq bounds and the store's largest id,
// in one statement.
func (sg segmenter) Probe(ctx context.Context, g store.Segment, q store.Query, limit int) ([]store.Event, plan.Stats, error) {
	dir := direction(q)
	args := []any{g.Session, g.After, g.Through, kinds(q), plan.Pattern(q.Match), plan.Probe, int64(limit)}
	tris, total := plan.Trigrams(q.Match)
	var held, tally strings.Builder
	for i, t := range tris {
		args = append(args, t)
		fmt.Fprintf(&held, `, strpos(payload, $%d) > 0 AS g%d`, len(args), i)
		fmt.Fprintf(&tally, `, count(*) FILTER (WHERE g%d)`, i)
	}
	rows, err := sg.s.pool.Query(ctx, `WITH w AS MATERIALIZED (
			SELECT id, seq, `+ofKinds(q)+` AS k, `+matches+` AS hit`+held.String()+`
			FROM events WHERE `+inSegment+` ORDER BY seq `+dir+` LIMIT $6
		), s AS (
			SELECT count(*) AS n, count(*) FILTER (WHERE hit) AS matched, count(*) FILTER (WHERE hit AND k) AS kept,
				count(*) FILTER (WHERE k) AS kinded,
				(SELECT min(seq) FROM events WHERE `+inSegment+`) AS first,
				(SELECT max(seq) FROM events WHERE `+inSegment+`) AS last,
				(SELECT coalesce(max(id), 0) FROM events) AS rows`+tally.String()+`
			FROM w
		)
		SELECT s.*, e.* FROM s LEFT JOIN (
			SELECT e.session, e.seq, e.at, e.kind, e.turn, e.payload, e.body FROM w JOIN events e ON e.id = w.id
			WHERE w.hit AND w.k ORDER BY w.seq `+dir+` LIMIT $7
		) e ON true ORDER BY e.seq `+dir, args...)
	if err != nil {
		return nil, plan.Stats{}, err
	}
	defer rows.Close()
	var st plan.Stats
	var evs []store.Event
	for rows.Next() {
		var first, last *int64
		held := make([]int64, len(tris))
		var e nullEvent
		dest := []any{&st.Window, &st.Matched, &st.Kept, &st.Kinded, &first, &last, &st.Store}
		for i := range held {
			dest = append(dest, &held[i])
		}
		dest = append(dest, e.dest()...)
		if err := rows.Scan(dest...); err != nil {
			return nil, plan.Stats{}, err
		}
		if ev, ok := e.event(); ok {
			evs = append(evs, ev)
		}
		if first != nil && last != nil {
			st.First, st.Last, st.Span = *first, *last, *last-*first+1
		}
		st.Lists = plan.ListDensity(st.Window, held, total)
		st.Held = held
	}
	return evs, st, rows.Err()
}

// nullEvent scans an event's columns that a LEFT JOIN may leave NULL.
type nullEvent struct {
	session, kind, payload, body *string
	seq, turn                    *int64
	at                           *time.Time
}

func (n *nullEvent) dest() []any {
	return []any{&n.session, &n.seq, &n.at, &n.kind, &n.turn, &n.payload, &n.body}
}

func (n *nullEvent) event() (store.Event, bool) {
	if n.seq == nil || n.session == nil || n.at == nil || n.kind == nil || n.turn == nil || n.payload == nil || n.body == nil {
		return store.Event{}, false
	}
	return store.Event{Session: *n.session, Seq: *n.seq, At: n.at.UTC(), Kind: *n.kind, Turn: *n.turn,
		Payload: []byte(*n.payload), Body: *n.body}, true
}

func (sg segmenter) Count(ctx context.Context, g store.Segment, q store.Query, indexed bool, st *plan.Stats) (int64, error) {
	var n int64
	var err error
	pool := sg.s.pool
	switch {
	case q.Match == "":
		err = pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE `+inSegment+` AND `+ofKinds(q),
			g.Session, g.After, g.Through, kinds(q)).Scan(&n)
	case indexed:
		pat := plan.Pattern(q.Match)
		cond, args := rareConds("payload", pat, heldOf(st), []any{g.Session, g.After, g.Through, kinds(q), pat})
		err = pool.QueryRow(ctx, `WITH m AS MATERIALIZED (SELECT id FROM events WHERE `+cond+`)
			SELECT count(*) FROM events WHERE id IN (SELECT id FROM m) AND `+inSegment+` AND `+ofKinds(q)+` AND `+tested,
			args...).Scan(&n)
	default:
		err = pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE `+inSegment+` AND `+ofKinds(q)+` AND `+tested,
			g.Session, g.After, g.Through, kinds(q), plan.Pattern(q.Match)).Scan(&n)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		err = nil
	}
	return n, err
}
