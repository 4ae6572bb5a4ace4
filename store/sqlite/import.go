package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
)

// Import adds whole sessions in one immediate transaction.
func (s *Store) Import(ctx context.Context, logs []store.SessionLog, progress func(int64)) error {
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
		var done int64
		for _, l := range ordered {
			if err := insertSession(ctx, tx, l.Session, store.NextSeq(l)); err != nil {
				return fmt.Errorf("session %s: %w", l.Session.ID, err)
			}
			base := done
			err := insertEvents(ctx, tx, l.Events, func(n int64) {
				done = base + n
				if progress != nil {
					progress(done)
				}
			})
			if err != nil {
				return fmt.Errorf("session %s: %w", l.Session.ID, err)
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
