package postgres

import "context"

// BumpSchemaForTest records a schema version past any this binary knows.
func (s *Store) BumpSchemaForTest(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO schema_version (version) VALUES (9999)`)
	return err
}
