package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store"
)

// importOnce adds whole sessions in one transaction, events through COPY.
func (s *Store) importOnce(ctx context.Context, logs []store.SessionLog, progress func(int64)) error {
	// The model's rules first, outside the transaction: they read the
	// parents already in the store.
	if err := store.ValidateImport(ctx, s, logs); err != nil {
		return fmt.Errorf("import: %w", err)
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		exists := func(id string) (bool, error) {
			var ok bool
			err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM sessions WHERE id = $1)`, id).Scan(&ok)
			return ok, err
		}
		ordered, err := store.CheckLogs(logs, exists)
		if err != nil {
			return err
		}
		ids := make([]string, len(ordered))
		for i, l := range ordered {
			ids[i] = l.Session.ID
		}
		var taken []string
		rows, err := tx.Query(ctx, `SELECT id FROM sessions WHERE id = ANY ($1) ORDER BY id`, ids)
		if err != nil {
			return err
		}
		if taken, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		if len(taken) > 0 {
			return fmt.Errorf("session %s: %w", taken[0], store.ErrExists)
		}
		for _, l := range ordered {
			ss := l.Session
			var source *string
			if ss.Source != nil {
				source = nullable(string(ss.Source))
			}
			if _, err := tx.Exec(ctx, `INSERT INTO sessions (id, title, created_at, parent, fork_seq, next_seq, source)
				VALUES ($1, $2, $3, $4, $5, $6, $7)`, ss.ID, ss.Title, ss.CreatedAt, nullable(ss.Parent), ss.ForkSeq, store.NextSeq(l), source); err != nil {
				return fmt.Errorf("session %s: %w", ss.ID, err)
			}
		}
		src := &copySource{logs: ordered, progress: progress}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"events"},
			[]string{"session", "seq", "at", "kind", "turn", "payload", "body", "echo"}, src); err != nil {
			return fmt.Errorf("copy events: %w", err)
		}
		if progress != nil {
			progress(src.done)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("import: %w", err)
	}
	// A bulk load leaves the planner's statistics far behind, and with
	// them it can walk the wrong index; refresh them now rather than wait
	// for autovacuum. VACUUM also marks the new pages all-visible, so a
	// count of a session's rows reads only the (session, kind, seq) index
	// (before it, counting 100,000 imported rows visited every heap page:
	// 55–108 ms), and it flushes what the GIN indexes hold pending. It
	// skips pages already all-visible, so its cost follows the import, not
	// the table.
	if _, err := s.pool.Exec(ctx, `VACUUM (ANALYZE) sessions, events`); err != nil {
		return fmt.Errorf("import: vacuum: %w", err)
	}
	return nil
}

// copySource feeds every event of the logs to COPY, one row at a time.
type copySource struct {
	logs     []store.SessionLog
	li, ei   int
	flags    []int // of logs[li], from store.LogFlags
	done     int64
	progress func(int64)
	row      []any
}

func (c *copySource) Next() bool {
	for c.li < len(c.logs) && c.ei >= len(c.logs[c.li].Events) {
		c.li, c.ei, c.flags = c.li+1, 0, nil
	}
	if c.li >= len(c.logs) {
		return false
	}
	if c.flags == nil {
		c.flags = store.LogFlags(c.logs[c.li].Events)
	}
	e := c.logs[c.li].Events[c.ei]
	c.row = []any{c.logs[c.li].Session.ID, e.Seq, e.At, e.Kind, e.Turn, string(e.Payload), store.Body(e.Kind, e.Payload), int16(c.flags[c.ei])}
	c.ei++
	c.done++
	if c.progress != nil && c.done%10000 == 0 {
		c.progress(c.done)
	}
	return true
}

func (c *copySource) Values() ([]any, error) { return c.row, nil }
func (c *copySource) Err() error             { return nil }
