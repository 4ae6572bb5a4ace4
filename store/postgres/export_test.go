package postgres

import "context"

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
