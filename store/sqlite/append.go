package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// Append appends a batch in one immediate transaction: read the session's
// counter, insert the events, move the counter past them. Writers are
// serialized, so the seqs are unique and gap-free.
func (s *Store) Append(ctx context.Context, session string, events []store.NewEvent) ([]store.Event, error) {
	if err := store.CheckNewEvents(events); err != nil {
		return nil, fmt.Errorf("append session %s: %w", session, err)
	}
	out := make([]store.Event, len(events))
	err := s.write(ctx, func(tx *sql.Tx) error {
		var first int64
		err := tx.QueryRowContext(ctx, `SELECT next_seq FROM sessions WHERE id = ?`, session).Scan(&first)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		at := store.Now()
		turns := store.ResolveTurns(first, events)
		for i, e := range events {
			at := at
			if !e.At.IsZero() {
				at = e.At.UTC()
			}
			out[i] = store.Event{Session: session, Seq: first + int64(i), At: at, Kind: e.Kind,
				Turn: turns[i], Payload: e.Payload, Body: store.Body(e.Kind, e.Payload)}
		}
		own, marks := store.PlanFlags(events)
		if err := insertEvents(ctx, tx, out, own, nil); err != nil {
			return err
		}
		if err := applyMarks(ctx, tx, session, marks); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE sessions SET next_seq = ? WHERE id = ?`, first+int64(len(events)), session)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("append session %s: %w", session, err)
	}
	return out, nil
}
