package main

import (
	"strings"
	"testing"
)

// Scripts and the REPL take the same cell memory cap as serve, from
// --cell-memory or $NODECODE_CELL_MEMORY, and end the cell (not the
// process) past it.
func TestMemoryCapInScriptsAndREPL(t *testing.T) {
	const storm = "(length (make-array 16000000))"
	const want = "memory limit exceeded (64 MiB): make-array of 16000000 elements"
	r := runBin(t, testEnv(t), "", "--cell-memory", "64MiB", "-e", storm)
	if r.code != 1 || !strings.Contains(r.stderr, want) {
		t.Errorf("script: exit %d, stderr %q, want 1 and %q", r.code, r.stderr, want)
	}
	r = runBin(t, testEnv(t, "NODECODE_CELL_MEMORY=64MiB"), storm+"\n(+ 1 2)\n", "--home", t.TempDir())
	if r.code != 0 || !strings.Contains(r.stdout, want) || !strings.HasSuffix(strings.TrimSpace(r.stdout), "3") {
		t.Errorf("REPL: exit %d, stdout %q, stderr %q, want the limit then 3", r.code, r.stdout, r.stderr)
	}
}
