package postgres

import (
	"context"
	"embed"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/migrations"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrate applies the embedded migrations the schema lacks, holding an
// advisory lock keyed by the schema name so concurrent openers queue. The
// primary key of schema_version is the backstop where advisory locks are
// no-ops: a second applier's transaction fails rather than applying twice.
func (s *Store) Migrate(ctx context.Context) error {
	ms, err := migrations.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Release()
	const key = `hashtext('nodelisp.migrate.' || current_schema())`
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(`+key+`)`); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(`+key+`)`)
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&have); err != nil {
			return err
		}
		if latest := migrations.Latest(ms); have > latest {
			return fmt.Errorf("schema version %d, this binary knows up to %d: %w", have, latest, store.ErrSchemaNewer)
		}
		for _, m := range ms[have:] {
			sql, err := qualifyTrigramOps(ctx, tx, m.SQL)
			if err != nil {
				return fmt.Errorf("apply %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, sql); err != nil {
				return fmt.Errorf("apply %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, m.Version); err != nil {
				return fmt.Errorf("record %s: %w", m.Name, err)
			}
		}
		_, err := tx.Exec(ctx, `INSERT INTO store_meta (key, value) VALUES ('id', $1) ON CONFLICT DO NOTHING`, store.NewStoreID())
		return err
	})
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}
