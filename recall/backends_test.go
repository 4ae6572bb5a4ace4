package recall

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/postgres"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// backend makes an empty store of one kind for one test.
type backend struct {
	name string
	open func(t testing.TB) store.Store
}

// backends are the stores every recall test runs over.
var backends = []backend{
	{"sqlite", openSQLite},
	{"postgres", openPostgres},
}

// eachBackend runs f once per backend, as a subtest named for it.
func eachBackend(t *testing.T, f func(t *testing.T, st store.Store)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { f(t, b.open(t)) })
	}
}

func openSQLite(t testing.TB) store.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "log.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// testDB is the server the Postgres tests use.
func testDB() string {
	if u := os.Getenv("NODECODE_TEST_DB"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
}

// postgresConn connects to the test server. With none it skips loudly,
// or fails under CI, where a missing server is a broken setup.
func postgresConn(t testing.TB) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), testDB())
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no PostgreSQL at %s: %v", testDB(), err)
		}
		t.Skipf("!!! SKIPPING PostgreSQL recall tests: no server at %s (%v); set NODECODE_TEST_DB !!!", testDB(), err)
	}
	// pg_trgm is database-wide; keeping it in public means dropping a
	// test schema cannot take it away from the others.
	if _, err := conn.Exec(context.Background(), `CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`); err != nil {
		conn.Close(context.Background())
		t.Fatalf("create pg_trgm: %v", err)
	}
	return conn
}

// schemaURL is the URL of a store in schema on the test server.
func schemaURL(t testing.TB, schema string) string {
	t.Helper()
	u, err := url.Parse(testDB())
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()
	return u.String()
}

// openPostgres makes a fresh schema for one test, dropped when it ends.
func openPostgres(t testing.TB) store.Store {
	t.Helper()
	ctx := context.Background()
	conn := postgresConn(t)
	defer conn.Close(ctx)
	b := make([]byte, 6)
	rand.Read(b)
	schema := "recall_test_" + hex.EncodeToString(b)
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, testDB())
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	s, err := postgres.Open(ctx, schemaURL(t, schema))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
