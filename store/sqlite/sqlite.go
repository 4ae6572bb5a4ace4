// Package sqlite is the embedded store: one SQLite database file, opened
// through the pure-Go driver modernc.org/sqlite, so no C toolchain is
// needed. It is what nodelisp uses when no database is configured.
//
// The file runs in WAL mode, so readers never wait for the writer. Writes
// go one at a time: a mutex orders this process's writers and BEGIN
// IMMEDIATE with a busy timeout orders them against other processes.
// Substring search is served by FTS5 trigram indexes over payload and
// body (see docs/storage.md).
package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/internal/plan"
)

// Store is a store.Store in one SQLite file.
type Store struct {
	db   *sql.DB
	path string
	id   string
	// wmu lets one writer of this process at a time reach BEGIN
	// IMMEDIATE, so they queue here rather than in busy retries.
	wmu sync.Mutex
	// counts caches the block counts of :match counts, in the process
	// and in the block_counts table.
	counts plan.Counts
	stmts  stmts
	// trace, when set (by tests), sees every read statement and its
	// arguments.
	trace atomic.Pointer[func(query string, args []any)]
}

var _ store.Store = (*Store)(nil)

// idleConns is how many open connections the store keeps between reads.
const idleConns = 16

// Open opens (creating if needed) the store in the file at path and
// brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	if path == "" || strings.Contains(path, "?") {
		return nil, fmt.Errorf("open sqlite store %q: path must be non-empty and hold no '?': %w", path, store.ErrInvalid)
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)", "mmap_size(2147418112)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open sqlite store %s: %w", path, err)
	}
	// Keep the connections parallel reads open (recall's relevance search
	// reads each stem at once): database/sql keeps two idle by default and
	// closes the rest after each burst, and a new connection starts with an
	// empty page cache, so every read of a burst paid for the pages again.
	db.SetMaxIdleConns(idleConns)
	s := &Store{db: db, path: path}
	if err := s.Migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite store %s: %w", path, explainOpen(path, err))
	}
	if err := db.QueryRowContext(ctx, `SELECT value FROM store_meta WHERE key = 'id'`).Scan(&s.id); err != nil {
		db.Close()
		return nil, fmt.Errorf("open sqlite store %s: read store id: %w", path, err)
	}
	s.counts.Keep(blockTable{s})
	return s, nil
}

// ID returns the store's own id.
func (s *Store) ID() string { return s.id }

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }

// Close closes the database, after the block counts still queued for the
// table are written (for a moment at most).
func (s *Store) Close() error {
	s.counts.Close()
	s.closeStmts()
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("close sqlite store %s: %w", s.path, err)
	}
	return nil
}

// write runs fn in one immediate transaction, one writer at a time.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
