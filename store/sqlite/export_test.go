package sqlite

import "context"

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
