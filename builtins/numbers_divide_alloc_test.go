package builtins

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
)

// TestFloorValuesDoNotAllocate pins issue 30's hot loop: both values of
// floor, truncate, ceiling and round on fixnums, taken by
// multiple-value-bind, cost no allocation per iteration beyond the
// thread's fixnum slab (one block per 32 integers). Before, each
// iteration allocated the two boxed integers and a copy of the values.
// The figure is the difference between 3,000 and 1,000 iterations, so the
// cell's fixed cost (reading and analysing it) drops out.
func TestFloorValuesDoNotAllocate(t *testing.T) {
	in := eval.New(eval.Limits{})
	Install(in)
	allocs := func(op string, n int) float64 {
		src := fmt.Sprintf(`(let ((s 0))
  (dotimes (i %d s)
    (multiple-value-bind (q r) (%s (* i 100003) -7)
      (setq s (+ s q r)))))`, n, op)
		run := func() {
			if _, err := in.EvalString(context.Background(), src, io.Discard); err != nil {
				t.Fatal(err)
			}
		}
		run()
		return testing.AllocsPerRun(5, run)
	}
	for _, op := range []string{"floor", "truncate", "ceiling", "round"} {
		perIteration := (allocs(op, 3000) - allocs(op, 1000)) / 2000
		if perIteration > 0.2 {
			t.Errorf("%s: %.2f allocations an iteration, want at most 0.2", op, perIteration)
		}
	}
}
