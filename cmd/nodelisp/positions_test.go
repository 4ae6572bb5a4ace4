package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The REPL reports each error at its place: a bare symbol where it
// stands, code a macro generated at the macro's call, naming both, and a
// format directive at its column in the cell. A cell spread over lines
// runs as the one read that found it whole.
func TestPipedErrorPositions(t *testing.T) {
	in := strings.Join([]string{
		"  no-such-variable",
		"(defmacro first-of (x) (list 'car x))",
		"(list (first-of 5))",
		`(format t "ab ~q")`,
		";; a sum over lines",
		"(+ 1",
		"   2)",
	}, "\n") + "\n"
	r := runBin(t, testEnv(t), in)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := []string{
		"error: 1:3: unbound variable: no-such-variable",
		"first-of",
		"error: 1:7: car: the value 5 is not a list (in the expansion of macro first-of, called as (first-of 5))",
		`error: 1:16: format: unknown directive ~q at 4 in "ab ~q"`,
		"3",
	}
	if d := cmp.Diff(want, strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
}
