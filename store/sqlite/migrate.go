package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/migrations"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrate applies the embedded migrations the file lacks, all in one
// immediate transaction, so concurrent openers apply each exactly once.
func (s *Store) Migrate(ctx context.Context) error {
	ms, err := migrations.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	err = s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
			version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
			return err
		}
		var have int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&have); err != nil {
			return err
		}
		if latest := migrations.Latest(ms); have > latest {
			return fmt.Errorf("schema version %d, this binary knows up to %d: %w", have, latest, store.ErrSchemaNewer)
		}
		for _, m := range ms[have:] {
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("apply %s: %w", m.Name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version, applied_at) VALUES (?, ?)`,
				m.Version, store.Now().UnixMicro()); err != nil {
				return fmt.Errorf("record %s: %w", m.Name, err)
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO store_meta (key, value) VALUES ('id', ?)`, store.NewStoreID())
		return err
	})
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}
