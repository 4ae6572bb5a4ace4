package builtins

import (
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
)

// TestFormatToStringAllocatesOnlyItsString pins the hash benchmark's key
// maker: (format nil "k~d" i) in a loop costs one allocation an iteration,
// the string it returns (its characters share the allocation), plus the
// fixnum slab's one block per 32 integers. Before, the call also allocated
// its argument slice. The figure is the difference between 3,000 and 1,000
// iterations, so the cell's fixed cost drops out.
func TestFormatToStringAllocatesOnlyItsString(t *testing.T) {
	in := eval.New(eval.Limits{})
	Install(in)
	allocs := func(n int) float64 {
		src := fmt.Sprintf(`(let ((s nil))
  (dotimes (i %d s)
    (setq s (format nil "k~d" (+ i 1000)))))`, n)
		run := func() {
			if _, err := in.EvalString(context.Background(), src, io.Discard); err != nil {
				t.Fatal(err)
			}
		}
		run()
		return testing.AllocsPerRun(5, run)
	}
	if perIteration := (allocs(3000) - allocs(1000)) / 2000; perIteration > 1.2 {
		t.Errorf("%.2f allocations an iteration, want at most 1.2", perIteration)
	}
}
