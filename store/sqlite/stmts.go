package sqlite

import (
	"context"
	"database/sql"
	"sync"
)

// Preparing a statement is a good part of a quick read in this SQLite
// build: the probe of a rare :match spent a fifth of its time in the
// parser. Reads go through statements prepared once per store (and, by
// database/sql, once per connection) and kept. Read queries differ only
// in the number of kinds and trigrams, so few texts recur; past
// maxStmts, new texts run unprepared rather than pushing older ones out.
const maxStmts = 256

// stmts is a store's prepared read statements, by query text.
type stmts struct {
	mu sync.Mutex
	m  map[string]*sql.Stmt
}

// prepared returns the statement for query, preparing it on first use,
// or nil when the cache is full. It prepares outside the lock, which
// needs a connection; a statement prepared twice at once is closed.
func (s *Store) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	s.stmts.mu.Lock()
	st, ok := s.stmts.m[query]
	full := len(s.stmts.m) >= maxStmts
	s.stmts.mu.Unlock()
	if ok || full {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	if had, ok := s.stmts.m[query]; ok {
		st.Close()
		return had, nil
	}
	if s.stmts.m == nil {
		s.stmts.m = map[string]*sql.Stmt{}
	}
	s.stmts.m[query] = st
	return st, nil
}

// query runs a read query through its prepared statement.
func (s *Store) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	s.traced(query, args)
	st, err := s.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return s.db.QueryContext(ctx, query, args...)
	}
	return st.QueryContext(ctx, args...)
}

// queryRow is query for one row.
func (s *Store) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	s.traced(query, args)
	st, err := s.prepared(ctx, query)
	if err != nil || st == nil {
		return s.db.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// closeStmts closes every kept statement.
func (s *Store) closeStmts() {
	s.stmts.mu.Lock()
	defer s.stmts.mu.Unlock()
	for _, st := range s.stmts.m {
		st.Close()
	}
	s.stmts.m = nil
}

// traced hands a read to the store's tracer, if a test set one (the plan
// test explains every statement a recall shape runs).
func (s *Store) traced(query string, args []any) {
	if f := s.trace.Load(); f != nil {
		(*f)(query, args)
	}
}
