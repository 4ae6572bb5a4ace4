package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The REPL variables are real specials: a REPL's forms set them, each
// form of a cell in turn; a script's forms read them as nil, as SBCL's
// --script does; they are not state, so a resume starts them at nil
// (docs/repl.md).
func TestREPLVariables(t *testing.T) {
	env := testEnv(t)
	r := runBin(t, env, "(+ 1 2) (* 2 3)\n(list * ** +)\n(floor 7 2)\n(list / // - ***)\n")
	want := `6
(6 3 (* 2 3))
3
1
((3 1) ((6 3 (* 2 3))) (list / // - ***) 6)
`
	if diff := cmp.Diff(want, r.stdout); diff != "" {
		t.Errorf("REPL (-want +got):\n%s\nstderr: %s", diff, r.stderr)
	}
	id := strings.Fields(mustRun(t, env, "", "sessions"))[0]
	r = runBin(t, env, "(list * + / -)\n", "--session", id)
	if diff := cmp.Diff("(nil nil nil (list * + / -))\n", r.stdout); diff != "" {
		t.Errorf("resumed REPL (-want +got):\n%s\nstderr: %s", diff, r.stderr)
	}
	r = runBin(t, env, "", "-e", "(list - * + /)")
	if diff := cmp.Diff("(nil nil nil nil)\n", r.stdout); diff != "" {
		t.Errorf("-e (-want +got):\n%s\nstderr: %s", diff, r.stderr)
	}
}
