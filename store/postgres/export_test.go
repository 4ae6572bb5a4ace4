package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// BumpSchemaForTest records a schema version past any this binary knows.
func (s *Store) BumpSchemaForTest(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO schema_version (version) VALUES (9999)`)
	return err
}

func (s *Store) BlocksTestedForTest() int64 { return s.counts.Tested() }

// RefuseBlockCountsForTest adds a constraint no new row meets; NOT VALID
// leaves the rows already kept alone.
func (s *Store) RefuseBlockCountsForTest(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `ALTER TABLE block_counts ADD CONSTRAINT refuse_for_test CHECK (false) NOT VALID`)
	return err
}

func (s *Store) DropBlockCountsForTest(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `DROP TABLE block_counts`)
	return err
}

// ConnectionEnded is connectionEnded, for the tests.
var ConnectionEnded = connectionEnded

// OpenTracedForTest is Open with every statement handed to f with its
// arguments before it runs.
func OpenTracedForTest(ctx context.Context, url string, f func(query string, args []any)) (*Store, error) {
	return open(ctx, url, func(c *pgxpool.Config) { c.ConnConfig.Tracer = tracer(f) })
}

type tracer func(query string, args []any)

func (t tracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	t(d.SQL, d.Args)
	return ctx
}

func (tracer) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// ExplainForTest is PostgreSQL's EXPLAIN of query with args, one line per
// row of the plan.
func (s *Store) ExplainForTest(ctx context.Context, query string, args []any) ([]string, error) {
	rows, err := s.pool.Query(ctx, `EXPLAIN `+query, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// AllVisibleForTest vacuums events and reports whether every page of it
// is marked all-visible afterwards, which index-only scans need. VACUUM
// cannot mark pages that an older transaction of another session might
// still not see, so on a busy server the answer may be no.
func (s *Store) AllVisibleForTest(ctx context.Context) (bool, error) {
	if _, err := s.pool.Exec(ctx, `VACUUM (ANALYZE) events`); err != nil {
		return false, err
	}
	var all bool
	err := s.pool.QueryRow(ctx, `SELECT relallvisible >= relpages FROM pg_class WHERE oid = 'events'::regclass`).Scan(&all)
	return all, err
}
