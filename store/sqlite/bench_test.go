package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/sqlite"
	"github.com/nodelisp/nodelisp/store/storetest"
)

func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, func(b *testing.B) store.Store {
		s, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "log.db"))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		return s
	})
}
