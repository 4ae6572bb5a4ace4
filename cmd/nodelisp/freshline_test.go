package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A script's top-level forms print to one stream: fresh-line and ~& after
// an earlier form's output start a new line, as SBCL prints the file.
func TestScriptColumnCarriesAcrossForms(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "fresh.lisp")
	src := "(print 1)\n(format t \"~&x~%\")\n(princ \"a\")\n(fresh-line)\n(princ \"b\")\n(terpri)\n(fresh-line)\n(princ \"c\")\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runBin(t, testEnv(t), "", script)
	if want := "\n1 \nx\na\nb\nc"; r.code != 0 || r.stdout != want {
		t.Errorf("exit %d, stdout %q, want %q (stderr %q)", r.code, r.stdout, want, r.stderr)
	}
}
