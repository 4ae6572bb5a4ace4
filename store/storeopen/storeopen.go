// Package storeopen opens the store a URL or path names, picking the
// backend, so that package store itself imports none. It is what the
// command line calls with the store its settings name (--db, NODECODE_DB).
package storeopen

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/postgres"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// DefaultFile is the embedded store's file name inside the nodelisp home.
const DefaultFile = "log.db"

// Open opens the store target names: a postgres:// or postgresql:// URL
// for PostgreSQL, otherwise a file path (an optional sqlite: prefix is
// dropped) for SQLite; an empty target is home/log.db, home created if
// missing.
func Open(ctx context.Context, target, home string) (store.Store, error) {
	if strings.HasPrefix(target, "postgres://") || strings.HasPrefix(target, "postgresql://") {
		return postgres.Open(ctx, target)
	}
	path := strings.TrimPrefix(target, "sqlite:")
	if path == "" {
		if home == "" {
			return nil, fmt.Errorf("open store: no target and no nodelisp home: %w", store.ErrInvalid)
		}
		if err := os.MkdirAll(home, 0o700); err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
		path = filepath.Join(home, DefaultFile)
	}
	// SQLite's own message for a missing directory is "unable to open
	// database file"; say what is wrong instead.
	if dir := filepath.Dir(path); dir != "" {
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("open sqlite store %s: directory %s: %w", path, dir, err)
		}
	}
	return sqlite.Open(ctx, path)
}
