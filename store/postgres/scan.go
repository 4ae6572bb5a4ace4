package postgres

import (
	"context"
	"errors"
	"fmt"

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

func (sg segmenter) Rows(ctx context.Context, g store.Segment, q store.Query, limit int) ([]store.Event, bool, error) {
	dir := direction(q)
	pool := sg.s.pool
	if q.Match == "" {
		evs, err := collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM events WHERE `+inSegment+` AND `+ofKinds+`
			ORDER BY seq `+dir+` LIMIT $5`, g.Session, g.After, g.Through, kinds(q), limitArg(limit)))
		return evs, false, err
	}
	pat := plan.Pattern(q.Match)
	if limit > 0 {
		// Walk the nearest rows first: dense patterns fill the limit here.
		evs, err := collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM (
				SELECT `+eventCols+` FROM events WHERE `+inSegment+` ORDER BY seq `+dir+` LIMIT $7
			) w WHERE `+ofKinds+` AND `+matches+` ORDER BY seq `+dir+` LIMIT $6`,
			g.Session, g.After, g.Through, kinds(q), pat, limitArg(limit), plan.Window))
		if err != nil || len(evs) >= limit {
			return evs, false, err
		}
	}
	if store.HasTrigram(q.Match) {
		// The trigram index finds the few matching rows of the whole
		// store; MATERIALIZED keeps the planner from walking the
		// (session, seq) index instead.
		evs, err := collectEvents(pool.Query(ctx, `WITH m AS MATERIALIZED (
				SELECT id FROM events WHERE `+matches+`
			)
			SELECT `+eventCols+` FROM events WHERE id IN (SELECT id FROM m) AND `+inSegment+` AND `+ofKinds+`
			ORDER BY seq `+dir+` LIMIT $6`,
			g.Session, g.After, g.Through, kinds(q), pat, limitArg(limit)))
		return evs, true, err
	}
	evs, err := collectEvents(pool.Query(ctx, `SELECT `+eventCols+` FROM events WHERE `+inSegment+` AND `+ofKinds+` AND `+matches+`
		ORDER BY seq `+dir+` LIMIT $6`, g.Session, g.After, g.Through, kinds(q), pat, limitArg(limit)))
	return evs, false, err
}

func (sg segmenter) Count(ctx context.Context, g store.Segment, q store.Query, indexed bool) (int64, error) {
	var n int64
	var err error
	pool := sg.s.pool
	switch {
	case q.Match == "":
		err = pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE `+inSegment+` AND `+ofKinds,
			g.Session, g.After, g.Through, kinds(q)).Scan(&n)
	case indexed && store.HasTrigram(q.Match):
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
