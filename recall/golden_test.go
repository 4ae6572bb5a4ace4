package recall

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/internal/golden"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/reader"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// TestAgentScript runs testdata/recall/agent.lisp as `nodelisp --session
// s2 agent.lisp` would, form by form, over the fixture log, and compares
// what it prints with agent.out. The .out was written by -update
// (internal/golden) and
// checked by eye against docs/recall.md and the reference pages; a difference is
// a change in what agents see.
func TestAgentScript(t *testing.T) {
	const path = "../testdata/recall/agent"
	src, err := os.ReadFile(path + ".lisp")
	if err != nil {
		t.Fatal(err)
	}
	eachBackend(t, func(t *testing.T, st store.Store) {
		loadFixture(t, st)
		golden.Check(t, path+".out", runScript(t, st, "s2", string(src)))
	})
}

// TestFixtureFile keeps testdata/recall/fixture.jsonl, the fixture log as
// `nodelisp log import` reads it, equal to the fixture the tests use, so
// that the command line can replay agent.lisp:
//
//	nodelisp log import testdata/recall/fixture.jsonl
//	nodelisp --session s2 testdata/recall/agent.lisp   # prints agent.out
func TestFixtureFile(t *testing.T) {
	const path = "../testdata/recall/fixture.jsonl"
	st := openSQLite(t)
	loadFixture(t, st)
	var got strings.Builder
	if _, err := jsonl.Export(context.Background(), st, &got, jsonl.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, path, got.String())
}

// runScript evaluates src one top-level form at a time, as the command
// line runs a file, and returns what it printed; an error ends it.
func runScript(t *testing.T, st store.Store, session, src string) string {
	t.Helper()
	var out strings.Builder
	it := interp.New(interp.Options{Stdout: &out})
	Install(it, st, session)
	cell, err := reader.ReadCell(src)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, form := range cell.Forms {
		if _, err := it.EvalForm(ctx, cell, form); err != nil {
			t.Fatalf("agent.lisp: %v\noutput so far:\n%s", err, out.String())
		}
	}
	return out.String()
}
