package serve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/serve"
	"github.com/nodelisp/nodelisp/store/storeopen"
)

// TestInProcess runs the server in this process, so the race detector
// sees the reader, the session queues and the writer together.
func TestInProcess(t *testing.T) {
	dir := t.TempDir()
	st, err := storeopen.Open(context.Background(), filepath.Join(dir, "log.db"), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := serve.NewServer(serve.Config{Store: st, Home: dir, Workdir: dir, MaxLine: 1 << 10})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- srv.Run(context.Background(), inR, outW); outW.Close() }()
	out := bufio.NewScanner(outR)
	send := func(lines ...string) {
		for _, l := range lines {
			if _, err := io.WriteString(inW, l+"\n"); err != nil {
				t.Fatal(err)
			}
		}
	}
	recv := func() map[string]json.RawMessage {
		if !out.Scan() {
			t.Fatalf("no response: %v", out.Err())
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(out.Bytes(), &m); err != nil {
			t.Fatalf("%v: %s", err, out.Bytes())
		}
		return m
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"open","params":{"id":"a"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"input","params":{"session":"a","text":"x"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"eval","params":{"session":"a","code":"(loop)"}}`,
		`{"jsonrpc":"2.0","id":4,"method":"eval","params":{"session":"a","code":"(+ 1 2)"}}`)
	for _, want := range []string{"1", "2"} {
		if r := recv(); string(r["id"]) != want {
			t.Fatalf("got id %s, want %s", r["id"], want)
		}
	}
	send(`{"jsonrpc":"2.0","id":5,"method":"cancel","params":{"id":3}}`)
	// The answers to the cancel, the cancelled cell and the cell queued
	// behind it may come in any order: the cell may not have started
	// when the cancel arrived, and then the next one runs at once.
	got := map[string]map[string]json.RawMessage{}
	for range 3 {
		r := recv()
		got[string(r["id"])] = r
	}
	if r := got["5"]; r == nil || !strings.Contains(string(r["result"]), `"cancelled":1`) {
		t.Fatalf("cancel: %v", got)
	}
	if got["3"] == nil {
		t.Fatalf("no answer for the cancelled cell: %v", got)
	}
	if r := got["4"]; r == nil || !strings.Contains(string(r["result"]), `"text":"3\n[seq`) {
		t.Fatalf("the cell queued behind: %v", got)
	}
	send(`{"jsonrpc":"2.0","id":6,"method":"input","params":{"session":"a","text":"` + strings.Repeat("y", 2000) + `"}}`)
	if r := recv(); !strings.Contains(string(r["error"]), "-32600") {
		t.Fatalf("oversized line: %v", r)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
