package transcript

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
)

// TestTitleFallback: a transcript with no words of the user's to name it
// by (only a slash command and its output) is titled by its tool and
// start time, not left empty.
func TestTitleFallback(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	path := filepath.Join(t.TempDir(), "s.jsonl")
	text := `{"type":"user","uuid":"u1","sessionId":"c0ffee00-0000-4000-8000-000000000000","timestamp":"2026-12-05T13:04:59Z","message":{"role":"user","content":"<command-name>/clear</command-name>"}}` + "\n" +
		`{"type":"user","uuid":"u2","sessionId":"c0ffee00-0000-4000-8000-000000000000","timestamp":"2026-12-05T13:05:00Z","message":{"role":"user","content":"<local-command-stdout></local-command-stdout>"}}` + "\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Import(ctx, st, ClaudeCode, []string{path}, Options{}); err != nil {
		t.Fatal(err)
	}
	s, err := st.Session(ctx, "claude-code-c0ffee00-0000-4000-8000-000000000000")
	if err != nil {
		t.Fatal(err)
	}
	if want := "claude-code session of 2026-12-05 13:04 UTC"; s.Title != want {
		t.Errorf("title %q, want %q", s.Title, want)
	}
}
