package sqlite_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/sqlite"
	"github.com/nodelisp/nodelisp/store/storetest"
)

func newStore(t *testing.T) store.Store {
	t.Helper()
	s, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "log.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func reopen(t *testing.T, old store.Store) store.Store {
	t.Helper()
	path := old.(*sqlite.Store).Path()
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Exercise(t, newStore, storetest.WithReopen(reopen))
}

func TestSchemaNewerThanBinary(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.db")
	s, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.BumpSchemaForTest(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = sqlite.Open(context.Background(), path)
	if !errors.Is(err, store.ErrSchemaNewer) {
		t.Fatalf("open of a newer schema: got %v, want ErrSchemaNewer", err)
	}
}
