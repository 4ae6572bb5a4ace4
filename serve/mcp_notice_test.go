package serve_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/serve"
	"github.com/nodelisp/nodelisp/session"
)

// serve --mcp --session S with another --model than S logged says so in
// one line on the command's stderr, as the REPL and JSON-RPC resume do.
func TestMCPResumeSaysTheModelChanged(t *testing.T) {
	ctx := context.Background()
	st := testdb.SQLite(t)
	dir := t.TempDir()
	s, err := session.Open(ctx, st, session.Options{ID: "m1", Model: "test/m", Home: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RunTurn(ctx, "(+ 1 2)", session.TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	var notices bytes.Buffer
	cfg := serve.Config{Store: st, Home: dir, Workdir: dir, Model: "test/other", MaxLine: 1 << 16}
	if err := serve.RunMCP(ctx, cfg, serve.MCPOptions{Session: "m1", Notices: &notices}, strings.NewReader(""), &bytes.Buffer{}); err != nil && !strings.Contains(err.Error(), "EOF") {
		t.Fatalf("mcp: %v", err)
	}
	if got := notices.String(); !strings.Contains(got, "model test/m → test/other") || strings.Count(got, "\n") != 1 {
		t.Errorf("notices %q, want one line naming the model change", got)
	}
}
