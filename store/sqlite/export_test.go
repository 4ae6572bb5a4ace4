package sqlite

import (
	"context"
	"strings"
)

// BumpSchemaForTest records a schema version past any this binary knows.
func (s *Store) BumpSchemaForTest(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO schema_version (version, applied_at) VALUES (9999, 0)`)
	return err
}

func (s *Store) BlocksTestedForTest() int64 { return s.counts.Tested() }

func (s *Store) RefuseBlockCountsForTest(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `CREATE TRIGGER block_counts_refuse BEFORE INSERT ON block_counts
		BEGIN SELECT RAISE(ABORT, 'refused for a test'); END`)
	return err
}

func (s *Store) DropBlockCountsForTest(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `DROP TABLE block_counts`)
	return err
}

// TraceForTest has every read statement handed to f with its arguments
// (nil stops it).
func (s *Store) TraceForTest(f func(query string, args []any)) {
	if f == nil {
		s.trace.Store(nil)
		return
	}
	s.trace.Store(&f)
}

// ExplainForTest is SQLite's EXPLAIN QUERY PLAN of query, one line per
// step, each indented by its depth.
func (s *Store) ExplainForTest(ctx context.Context, query string, args []any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `EXPLAIN QUERY PLAN `+query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	depth := map[int]int{}
	var out []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return nil, err
		}
		depth[id] = depth[parent] + 1
		out = append(out, strings.Repeat("  ", depth[id]-1)+detail)
	}
	return out, rows.Err()
}
