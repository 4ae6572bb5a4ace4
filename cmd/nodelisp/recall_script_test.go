package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRecallScriptOverALog runs the recall engineer's agent script the way a
// person would: import the fixture log, then run the script against one of
// its sessions with --session. Its output is golden.
func TestRecallScriptOverALog(t *testing.T) {
	root, err := filepath.Abs("../../testdata/recall")
	if err != nil {
		t.Fatal(err)
	}
	env := testEnv(t)
	if r := runBin(t, env, "", "log", "import", filepath.Join(root, "fixture.jsonl")); r.code != 0 {
		t.Fatalf("log import: exit %d\n%s", r.code, r.stderr)
	}
	r := runBin(t, env, "", "--session", "s2", filepath.Join(root, "agent.lisp"))
	if r.code != 0 {
		t.Fatalf("agent.lisp: exit %d\n%s", r.code, r.stderr)
	}
	want, err := os.ReadFile(filepath.Join(root, "agent.out"))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), r.stdout); diff != "" {
		t.Errorf("agent.lisp output (-want +got):\n%s", diff)
	}
}
