package transcript

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store"
)

// TestSyncLineByLine: a file synced after every line it gains ends as a
// fresh import of the whole file makes it, times included. The first
// line of Claude Code's transcript has no time of its own; read alone it
// once took the time it was read, not the time of the line after it.
func TestSyncLineByLine(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			for _, fx := range fixtureTable {
				whole, err := os.ReadFile(filepath.Join(fixtures, fx.file))
				if err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(t.TempDir(), filepath.Base(fx.file))
				synced, fresh := b.Open(t), b.Open(t)
				f, err := NewFile(fx.format, path, store.Holder{})
				if err != nil {
					t.Fatal(err)
				}
				f.TitleWait = 0
				var written []byte
				for _, line := range bytes.SplitAfter(whole, []byte("\n")) {
					written = append(written, line...)
					if err := os.WriteFile(path, written, 0o644); err != nil {
						t.Fatal(err)
					}
					if _, err := f.Sync(ctx, synced, false); err != nil {
						t.Fatalf("%s: %v", fx.file, err)
					}
				}
				if _, err := Import(ctx, fresh, fx.format, []string{path}, Options{}); err != nil {
					t.Fatal(err)
				}
				a, _ := store.Events(ctx, synced, fx.session, 0, 0)
				z, _ := store.Events(ctx, fresh, fx.session, 0, 0)
				if len(z) == 0 {
					t.Fatalf("%s: a fresh import holds no events", fx.file)
				}
				if diff := cmp.Diff(z, a); diff != "" {
					t.Errorf("%s: synced line by line differs from a fresh import (-fresh +synced):\n%s", fx.file, diff)
				}
			}
		})
	}
}
