package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/nodelisp/nodelisp/store"
)

// appendSQL appends a whole batch in one statement, so one round trip and
// one implicit transaction. The UPDATE takes the session's row lock and
// moves its counter past the batch; a concurrent appender waits on that
// lock and then re-reads the counter as committed, so seqs are unique and
// gap-free, and a failed insert rolls the counter back with it. Turns that
// refer to the batch's own input (ref >= 0) are filled in from the seqs
// allocated here. The marks (store.PlanFlags) set flags on earlier events
// in u, which sees the table as it was before the statement, and on the
// batch's own events as they are inserted.
const appendSQL = `WITH c AS (
	UPDATE sessions SET next_seq = next_seq + $2 WHERE id = $1
	RETURNING next_seq - $2 AS first, clock_timestamp() AS at
), m AS (
	SELECT * FROM unnest($10::bigint[], $11::int[], $12::text[], $13::text[]) AS m (seq, flag, kind, body)
), u AS (
	UPDATE events e SET echo = e.echo | m.flag FROM m
	WHERE e.session = $1 AND e.seq = m.seq AND e.kind = m.kind AND (m.body = '' OR e.body = m.body)
)
INSERT INTO events (session, seq, at, kind, turn, payload, body, echo)
SELECT $1, c.first + t.i - 1, coalesce(t.given, c.at), t.kind,
	CASE WHEN t.ref >= 0 THEN c.first + t.ref ELSE t.abs END,
	t.payload, t.body,
	t.flags | coalesce((SELECT bit_or(m.flag) FROM m WHERE m.seq = c.first + t.i - 1
		AND m.kind = t.kind AND (m.body = '' OR m.body = t.body)), 0)
FROM c, unnest($3::text[], $4::bigint[], $5::int[], $6::text[], $7::text[], $8::timestamptz[], $9::int[])
	WITH ORDINALITY AS t (kind, abs, ref, payload, body, given, flags, i)
RETURNING seq, turn, at`

// appendOnce appends a batch atomically in one round trip.
func (s *Store) appendOnce(ctx context.Context, session string, events []store.NewEvent) ([]store.Event, error) {
	if err := store.CheckNewEvents(events); err != nil {
		return nil, fmt.Errorf("append session %s: %w", session, err)
	}
	n := len(events)
	kinds, payloads, bodies := make([]string, n), make([]string, n), make([]string, n)
	abs, ref := store.PlanTurns(events)
	refs := make([]int32, n)
	given := make([]*time.Time, n)
	for i, e := range events {
		kinds[i], payloads[i], bodies[i] = e.Kind, string(e.Payload), store.Body(e.Kind, e.Payload)
		refs[i] = int32(ref[i])
		if !e.At.IsZero() {
			given[i] = &events[i].At
		}
	}
	own, marks := store.PlanFlags(events)
	flags := make([]int32, n)
	for i, f := range own {
		flags[i] = int32(f)
	}
	mSeqs, mFlags := make([]int64, len(marks)), make([]int32, len(marks))
	mKinds, mBodies := make([]string, len(marks)), make([]string, len(marks))
	for i, m := range marks {
		mSeqs[i], mFlags[i], mKinds[i], mBodies[i] = m.Seq, int32(m.Flag), m.Kind, m.Body
	}
	rows, err := s.pool.Query(ctx, appendSQL, session, int64(n), kinds, abs, refs, payloads, bodies, given,
		flags, mSeqs, mFlags, mKinds, mBodies)
	if err != nil {
		return nil, fmt.Errorf("append session %s: %w", session, err)
	}
	defer rows.Close()
	out := make([]store.Event, 0, n)
	for rows.Next() {
		var e store.Event
		if err := rows.Scan(&e.Seq, &e.Turn, &e.At); err != nil {
			return nil, fmt.Errorf("append session %s: %w", session, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("append session %s: %w", session, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("append session %s: %w", session, store.ErrNotFound)
	}
	// RETURNING order is not promised; place rows by seq.
	first := out[0].Seq
	for _, e := range out {
		first = min(first, e.Seq)
	}
	placed := make([]store.Event, n)
	for _, e := range out {
		i := e.Seq - first
		placed[i] = store.Event{Session: session, Seq: e.Seq, At: e.At.UTC(), Kind: kinds[i], Turn: e.Turn,
			Payload: events[i].Payload, Body: bodies[i]}
	}
	return placed, nil
}
