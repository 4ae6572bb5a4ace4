// Package testdb opens real stores for tests in other packages: an SQLite
// file in the test's temporary directory, and a fresh PostgreSQL schema
// dropped when the test ends. Tests that must hold on every backend range
// over Backends.
package testdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/internal/testbin"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/postgres"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// DefaultURL is the PostgreSQL server tests use unless NODECODE_TEST_DB
// names another.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// Backend is one kind of store a test can run against.
type Backend struct {
	Name string
	Open func(t testing.TB) store.Store
}

// Backends are every store backend, SQLite first.
func Backends() []Backend {
	return []Backend{{"sqlite", SQLite}, {"postgres", Postgres}}
}

// SQLite opens a store in a new file under t.TempDir().
func SQLite(t testing.TB) store.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "log.sqlite"))
	if err != nil {
		t.Fatalf("open sqlite store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Postgres opens a store in a fresh schema of the test server. With no
// server it skips the test loudly, or fails it under CI (CI set to
// anything): there the PostgreSQL tests always run.
func Postgres(t testing.TB) store.Store {
	t.Helper()
	st, err := postgres.Open(context.Background(), PostgresURL(t))
	if err != nil {
		t.Fatalf("open postgres store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// BaseURL is the test server: $NODECODE_TEST_DB, else DefaultURL.
func BaseURL() string {
	if u := os.Getenv("NODECODE_TEST_DB"); u != "" {
		return u
	}
	return DefaultURL
}

// Connect connects to the test server and makes sure pg_trgm is there
// (database-wide, in public, where dropping a test schema cannot take it
// away). With no server it skips the test loudly, or fails it when
// under CI (CI set to anything): there the PostgreSQL tests always run.
func Connect(t testing.TB) *pgx.Conn {
	t.Helper()
	ctx := context.Background()
	base := BaseURL()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		if testbin.UnderCI() {
			t.Fatalf("no PostgreSQL at %s: %v (required under CI)", base, err)
		}
		t.Skipf("!!! SKIPPING PostgreSQL tests: no server at %s (%v); set NODECODE_TEST_DB !!!", base, err)
	}
	if _, err := conn.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`); err != nil {
		conn.Close(ctx)
		t.Fatalf("create pg_trgm: %v", err)
	}
	return conn
}

// SchemaURL is the URL of a store in schema on the test server.
func SchemaURL(t testing.TB, schema string) string {
	t.Helper()
	u, err := url.Parse(BaseURL())
	if err != nil {
		t.Fatalf("test database URL %s: %v", BaseURL(), err)
	}
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()
	return u.String()
}

// PostgresURL makes an empty schema for one test, dropped when it ends, and
// returns the URL of a store in it.
func PostgresURL(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	conn := Connect(t)
	defer conn.Close(ctx)
	b := make([]byte, 6)
	rand.Read(b)
	schema := "nodelisp_test_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, BaseURL())
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return SchemaURL(t, schema)
}
