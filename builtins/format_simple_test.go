package builtins

import (
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/format"
	"github.com/nodelisp/nodelisp/lisp"
)

// fmtSimple, where it applies, gives what the directive engine gives.
func TestFormatSimpleMatchesEngine(t *testing.T) {
	controls := []string{"k~d", "~d", "~D items", "a~ab", "~A", "x ~d y", "~d~d", "~5d", "~:d", "~%", "~", "k~", "~a~%", "no directives", "~~d", "~s"}
	args := [][]lisp.Value{
		{lisp.MakeInt(0)}, {lisp.MakeInt(-42)}, {lisp.MakeInt(1 << 40)}, {lisp.NewString("str")},
		{lisp.NewString("")}, {lisp.Float(1.5)}, {lisp.Sym("sym")}, {lisp.MakeInt(1), lisp.MakeInt(2)}, {},
	}
	applied := 0
	for _, c := range controls {
		for _, a := range args {
			gotBytes, ok := fmtSimple(nil, c, a)
			got := string(gotBytes)
			if !ok {
				continue
			}
			applied++
			var b strings.Builder
			format.Format(&b, 0, c, a)
			if got != b.String() {
				t.Errorf("%q %v: got %q, want %q", c, a, got, b.String())
			}
		}
	}
	if applied == 0 {
		t.Fatal("fmtSimple never applied")
	}
	for _, c := range []string{"~5d", "~:d", "~d~d", "~s", "~~d", "k~"} {
		if _, ok := fmtSimple(nil, c, []lisp.Value{lisp.MakeInt(1)}); ok {
			t.Errorf("%q: fmtSimple applied", c)
		}
	}
}
