package postgres_test

import (
	"context"
	"testing"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/postgres"
	"github.com/nodelisp/nodelisp/store/storetest"
)

func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, func(b *testing.B) store.Store {
		s, err := postgres.Open(context.Background(), schemaURL(b))
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		return s
	})
}
