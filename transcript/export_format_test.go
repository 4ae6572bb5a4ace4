package transcript

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/store/jsonl"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

var updateExport = flag.Bool("update-export", false, "rewrite testdata/export_format.sha256")

// TestExportFormat imports every fixture and exports the store: the
// export, with the session times and the fixtures' absolute paths masked,
// must hash to what the code wrote before package event owned the
// payloads (the file holds the hash, not the 2 MB export). A differing
// hash means the imported records' bytes changed.
func TestExportFormat(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "log.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	importAll(t, st)
	var buf bytes.Buffer
	if _, err := jsonl.Export(ctx, st, &buf, jsonl.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	b := bytes.ReplaceAll(buf.Bytes(), []byte(abs), []byte("FIXTURES"))
	b = regexp.MustCompile(`"created_at":"[^"]*"`).ReplaceAll(b, []byte(`"created_at":"T"`))
	sum := sha256.Sum256(b)
	got := hex.EncodeToString(sum[:]) + "\n"
	golden := filepath.Join("testdata", "export_format.sha256")
	if *updateExport {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(string(want)) != strings.TrimSpace(got) {
		t.Errorf("the export of the imported fixtures hashes to %s, want %s (%d bytes)", strings.TrimSpace(got), strings.TrimSpace(string(want)), len(b))
	}
}
