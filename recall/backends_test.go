package recall

import (
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store"
)

// eachBackend runs f once per store backend, as a subtest named for it.
func eachBackend(t *testing.T, f func(t *testing.T, st store.Store)) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) { f(t, b.Open(t)) })
	}
}

func openSQLite(t testing.TB) store.Store { return testdb.SQLite(t) }
