package view

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store/sqlite"
	"github.com/nodelisp/nodelisp/transcript"
)

// The sessions list shows the model a session logged and the tool an
// imported session came from.
func TestSessionsShowModelAndSource(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := sqlite.Open(ctx, filepath.Join(dir, "log.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	s, err := session.Open(ctx, st, session.Options{ID: "own", Model: "acme/model-seven", Home: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RunTurn(ctx, "(+ 1 2)", session.TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := transcript.Import(ctx, st, "pi", []string{filepath.Join("..", "testdata", "transcripts", "pi")}, transcript.Options{}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(Handler(st, Options{}))
	t.Cleanup(srv.Close)
	resp, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := string(body)
	for _, want := range []string{"acme/model-seven", ">pi<", ">nodelisp<"} {
		if !strings.Contains(page, want) {
			t.Errorf("the sessions page lacks %q", want)
		}
	}
}
