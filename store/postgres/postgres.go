// Package postgres is the PostgreSQL store, through pgx/v5 and a pgxpool:
// the store for agents, for many sessions, and for anything shared.
//
// Payloads are kept verbatim in text columns (never jsonb, which would
// rewrite them). Seqs come from a counter row on the session, moved in
// the same statement that inserts a batch, which is safe even where
// advisory locks do nothing. Substring search is served by pg_trgm GIN
// indexes; queries stay correct without them. See docs/storage.md.
//
// The tables live in the first schema of the connection's search_path, so
// one database can hold many stores: add search_path=NAME to the URL.
package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

// Store is a store.Store in a PostgreSQL database (or schema).
type Store struct {
	pool *pgxpool.Pool
	id   string
	// counts caches the block counts of :match counts, in the process
	// and in the block_counts table.
	counts plan.Counts
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at url, a postgres:// URL or key=value
// string as pgx reads them, and brings the schema up to date.
func Open(ctx context.Context, url string) (*Store, error) {
	return open(ctx, url, nil)
}

// open is Open with a last say over the pool's configuration (tests trace
// statements through it).
func open(ctx context.Context, url string, tune func(*pgxpool.Config)) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	if tune != nil {
		tune(cfg)
	}
	if _, set := cfg.ConnConfig.RuntimeParams["plan_cache_mode"]; !set {
		cfg.AfterConnect = customPlans
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	if err := checkSchema(ctx, pool, cfg); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	s := &Store{pool: pool}
	if err := s.Migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres store: %w", err)
	}
	if err := pool.QueryRow(ctx, `SELECT value FROM store_meta WHERE key = 'id'`).Scan(&s.id); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open postgres store: read store id: %w", err)
	}
	s.counts.Keep(blockTable{s})
	return s, nil
}

// customPlans has every statement planned for its own parameters. pgx
// prepares and caches statements, and after five runs PostgreSQL may
// switch one to a generic plan that cannot see the pattern: for ILIKE $5
// that is a trigram bitmap scan even for "%é%", which has no trigram and
// so reads the whole index — seconds instead of a tenth of one. A server
// without the setting (a Postgres-compatible database) keeps its own
// planning; the queries are correct either way.
func customPlans(ctx context.Context, c *pgx.Conn) error {
	c.Exec(ctx, `SET plan_cache_mode = force_custom_plan`)
	return nil
}

// ID returns the store's own id.
func (s *Store) ID() string { return s.id }

// Close closes the pool, after the block counts still queued for the
// table are written (for a moment at most).
func (s *Store) Close() error {
	s.counts.Close()
	s.pool.Close()
	return nil
}
