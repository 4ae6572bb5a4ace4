package interp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/interp"
)

// A macrolet's expander sees the local macros around it; a nest of
// macrolets, each expander using the one outside it, must cost one
// expander apiece. Evaluating each expander again inside copies of the
// outer definitions cost twice as much per level, so thirty levels ran
// into the step limit that a linear cost stays far under.
func TestNestedMacroletsCostLinear(t *testing.T) {
	const depth = 30
	var b strings.Builder
	b.WriteString("(macrolet ((m0 () 0))\n")
	for k := 1; k < depth; k++ {
		fmt.Fprintf(&b, "(macrolet ((m%d () (list '1+ (m%d))))\n", k, k-1)
	}
	fmt.Fprintf(&b, "(m%d)%s", depth-1, strings.Repeat(")", depth))
	it := interp.New(interp.Options{Limits: eval.Limits{MaxSteps: 100_000}})
	res, err := it.Eval(context.Background(), b.String())
	if err != nil {
		t.Fatalf("nested macrolets: %v", err)
	}
	if want := fmt.Sprint(depth - 1); res.Printed != want {
		t.Fatalf("nested macrolets gave %s, want %s", res.Printed, want)
	}
}
