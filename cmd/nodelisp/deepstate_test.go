package main

import (
	"strings"
	"testing"
)

// A global holding a list nested three million deep is recorded without
// walking it into Go's fatal stack overflow: the REPL stays up.
func TestDeepGlobalDoesNotKillTheREPL(t *testing.T) {
	cells := "(defparameter *d* (let ((x nil)) (dotimes (i 3000000) (setq x (list x))) x))\n(+ 1 2)\n"
	r := runBin(t, testEnv(t), cells, "--home", t.TempDir())
	if r.code != 0 || !strings.HasSuffix(strings.TrimSpace(r.stdout), "3") {
		t.Errorf("exit %d, stdout %q, stderr %.300q", r.code, r.stdout, r.stderr)
	}
}
