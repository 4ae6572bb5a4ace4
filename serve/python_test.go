package serve_test

import (
	"github.com/nodelisp/nodelisp/internal/testbin"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonExample runs examples/python/two_cells.py against the built
// binary, when the machine has python3.
func TestPythonExample(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		testbin.SkipOutsideCI(t, "python3 is not installed")
	}
	script, err := filepath.Abs(filepath.Join("..", "examples", "python", "two_cells.py"))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, "NODELISP="+bin)
	cmd := exec.Command(python, script, "--db", e.db)
	cmd.Env = e.environ()
	cmd.Dir = e.workdir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("two_cells.py: %v\n%s", err, out)
	}
	for _, want := range []string{
		"request: 1 message(s)",
		`cell ok: '385\n[seq 5]'`,
		`cell ok: 't\n[seq 8]'`,
		"window: user assistant assistant tool assistant tool",
		"expected error -32001",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
