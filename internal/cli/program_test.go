package cli

import (
	"bytes"
	"testing"
)

// A script that changes the syntax reads the forms after the change with
// it, even where the forms read ahead divide the text differently: in
// the standard syntax '{p q {r)) ends early and the last ) is unbalanced.
func TestScriptReadsOnWithChangedSyntax(t *testing.T) {
	var out, errOut bytes.Buffer
	p := Program{Name: "t.lisp", Stdout: &out, Stderr: &errOut, Source: `(set-macro-character #\{ (get-macro-character #\())
(print '{p q {r)))
(print 'done)`}
	if code := p.Run(); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if got, want := out.String(), "\n(P Q (R)) \nDONE "; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}
