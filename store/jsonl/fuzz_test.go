package jsonl_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store/jsonl"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// FuzzImport feeds random files to import into a fresh SQLite store: it
// must never panic, and must import either the whole file or nothing.
func FuzzImport(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range seeds {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// One store for the whole run: opening one per input is most of the
	// cost. An input whose ids an earlier one took fails as a duplicate,
	// which is a failure like any other and must leave nothing behind.
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(f.TempDir(), "log.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	f.Fuzz(func(t *testing.T, data []byte) {
		before, err := st.Sessions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		stats, ierr := jsonl.Import(ctx, st, bytes.NewReader(data), jsonl.ImportOptions{})
		all, err := st.Sessions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ierr != nil {
			if len(all) != len(before) {
				t.Fatalf("a failed import (%v) left %d sessions", ierr, len(all)-len(before))
			}
			if strings.Contains(ierr.Error(), "Go struct") || strings.Contains(ierr.Error(), "bufio") {
				t.Fatalf("error in Go's terms, not the file's: %v", ierr)
			}
			return
		}
		if int64(len(all)-len(before)) != stats.Sessions {
			t.Fatalf("imported %d sessions, the file holds %d", len(all)-len(before), stats.Sessions)
		}
		// What was taken must read back as a valid log.
		var buf bytes.Buffer
		if _, err := jsonl.Export(ctx, st, &buf, jsonl.ExportOptions{}); err != nil {
			t.Fatalf("export after import: %v", err)
		}
		if _, err := jsonl.Read(&buf); err != nil {
			t.Fatalf("the export of an accepted import does not validate: %v", err)
		}
	})
}
