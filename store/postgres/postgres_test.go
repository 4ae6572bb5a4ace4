package postgres_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/postgres"
	"github.com/nodelisp/nodelisp/store/storetest"
)

// schemaURL makes an empty schema for one test, dropped when it ends (see
// internal/testdb: it skips without a server, and fails under CI).
func schemaURL(t testing.TB) string { return testdb.PostgresURL(t) }

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
