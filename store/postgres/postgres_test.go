package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/url"
	"os"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/postgres"
	"github.com/nodelisp/nodelisp/store/storetest"
)

const defaultTestDB = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

func testDB() string {
	if u := os.Getenv("NODECODE_TEST_DB"); u != "" {
		return u
	}
	return defaultTestDB
}

// schemaURL makes an empty schema for one test, dropped when it ends, and
// returns the URL of a store in it. With no server it skips the test, or
// fails it when CI=true.
func schemaURL(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	base := testDB()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no PostgreSQL at %s: %v", base, err)
		}
		t.Skipf("!!! SKIPPING PostgreSQL store tests: no server at %s (%v); set NODECODE_TEST_DB !!!", base, err)
	}
	defer conn.Close(ctx)
	b := make([]byte, 6)
	rand.Read(b)
	schema := "nodelisp_test_" + hex.EncodeToString(b)
	// The extension is database-wide; keep it in public, where dropping a
	// test schema cannot take it away.
	for _, q := range []string{`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`, `CREATE SCHEMA ` + schema} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()
	return u.String()
}

var urls sync.Map // *postgres.Store → its URL, for reopen

func open(t *testing.T, u string) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	urls.Store(s, u)
	t.Cleanup(func() { s.Close() })
	return s
}

func newStore(t *testing.T) store.Store { return open(t, schemaURL(t)) }

func reopen(t *testing.T, old store.Store) store.Store {
	u, _ := urls.Load(old)
	old.Close()
	return open(t, u.(string))
}

func TestConformance(t *testing.T) {
	storetest.Exercise(t, newStore, storetest.WithReopen(reopen))
}

func TestSchemaNewerThanBinary(t *testing.T) {
	u := schemaURL(t)
	s := open(t, u)
	if err := s.BumpSchemaForTest(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := postgres.Open(context.Background(), u); !errors.Is(err, store.ErrSchemaNewer) {
		t.Fatalf("open of a newer schema: got %v, want ErrSchemaNewer", err)
	}
}
