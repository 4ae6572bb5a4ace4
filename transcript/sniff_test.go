package transcript

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSniff: each fixture is named as its format; nodelisp's own JSON
// Lines as none.
func TestSniff(t *testing.T) {
	for _, f := range fixtureTable {
		if got := Sniff(filepath.Join(fixtures, f.file)); got != f.format {
			t.Errorf("%s: sniffed %q, want %q", f.file, got, f.format)
		}
	}
	own := filepath.Join(t.TempDir(), "own.jsonl")
	line := `{"type":"session","id":"s1","title":"deploy work","created_at":"2026-11-30T10:00:00.000000Z","parent":null,"fork_seq":null}` + "\n"
	if err := os.WriteFile(own, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Sniff(own); got != "" {
		t.Errorf("nodelisp's own log sniffed as %q", got)
	}
}
