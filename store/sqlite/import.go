package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// bulkImport is the number of events from which an import indexes them in
// bulk rather than row by row.
const bulkImport = 1000

// FTS5's pending-terms hash: its default, and the size a bulk index uses.
const (
	defaultHash = 1 << 20
	bulkHash    = 64 << 20
)

// Import adds whole sessions in one immediate transaction.
//
// A large import leaves the FTS5 tables out of the inserts: it drops the
// trigger that feeds them, inserts the events, hands FTS5 the new rows in
// one INSERT … SELECT per table (FTS5 builds its segments from memory far
// faster than it takes rows a statement at a time) and puts the trigger
// back, word for word as it was read. All of it is one transaction, so
// other connections only ever see the trigger in place.
func (s *Store) Import(ctx context.Context, logs []store.SessionLog, progress func(int64)) error {
	// The model's rules first, outside the transaction: they read the
	// parents already in the store.
	if err := store.ValidateImport(ctx, s, logs); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		exists := func(id string) (bool, error) {
			var n int
			err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE id = ?`, id).Scan(&n)
			return n > 0, err
		}
		ordered, err := store.CheckLogs(logs, exists)
		if err != nil {
			return err
		}
		var total int
		for _, l := range ordered {
			total += len(l.Events)
		}
		var restore func() error
		if total >= bulkImport {
			if restore, err = deferFTS(ctx, tx); err != nil {
				return err
			}
		}
		var done int64
		for _, l := range ordered {
			if err := insertSession(ctx, tx, l.Session, store.NextSeq(l)); err != nil {
				return fmt.Errorf("session %s: %w", l.Session.ID, err)
			}
			base := done
			err := insertEvents(ctx, tx, l.Events, store.LogFlags(l.Events), func(n int64) {
				done = base + n
				if progress != nil {
					progress(done)
				}
			})
			if err != nil {
				return fmt.Errorf("session %s: %w", l.Session.ID, err)
			}
		}
		if restore != nil {
			if err := restore(); err != nil {
				return err
			}
		}
		if progress != nil {
			progress(done)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	return nil
}

// deferFTS drops the trigger that indexes each inserted event and returns
// the function that indexes every event inserted since, in bulk, and
// recreates the trigger.
func deferFTS(ctx context.Context, tx *sql.Tx) (func() error, error) {
	var trigger string
	var last int64
	err := tx.QueryRowContext(ctx, `SELECT sql, (SELECT coalesce(max(id), 0) FROM events)
		FROM sqlite_master WHERE type = 'trigger' AND name = 'events_fts_insert'`).Scan(&trigger, &last)
	if err != nil {
		return nil, fmt.Errorf("read the index trigger: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DROP TRIGGER events_fts_insert`); err != nil {
		return nil, err
	}
	return func() error {
		for _, t := range []struct{ table, col string }{{"events_payload", "payload"}, {"events_body", "body"}} {
			// A larger pending-terms hash lets FTS5 write fewer, larger
			// segments, which leaves it less merging to do: a quarter
			// less work. It is a stored setting, so it goes back after.
			for _, q := range []struct {
				sql string
				arg any
			}{
				{`INSERT INTO ` + t.table + ` (` + t.table + `, rank) VALUES ('hashsize', ?)`, bulkHash},
				{`INSERT INTO ` + t.table + ` (rowid, ` + t.col + `) SELECT id, ` + t.col + ` FROM events WHERE id > ?`, last},
				{`INSERT INTO ` + t.table + ` (` + t.table + `, rank) VALUES ('hashsize', ?)`, defaultHash},
			} {
				if _, err := tx.ExecContext(ctx, q.sql, q.arg); err != nil {
					return fmt.Errorf("index imported events: %w", err)
				}
			}
		}
		if _, err := tx.ExecContext(ctx, trigger); err != nil {
			return fmt.Errorf("restore the index trigger: %w", err)
		}
		return nil
	}, nil
}
