package sqlite

import "context"

// BumpSchemaForTest records a schema version past any this binary knows.
func (s *Store) BumpSchemaForTest(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO schema_version (version, applied_at) VALUES (9999, 0)`)
	return err
}
