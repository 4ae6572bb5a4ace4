package eval

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// TestReturnedFramesHoldNothing checks that a function's slots let go of
// what they held once it returns, whatever their number: the stack above
// the stack pointer is not reused until a deeper call, so a slot left
// full would keep its value alive for as long as the thread lives.
func TestReturnedFramesHoldNothing(t *testing.T) {
	for _, params := range []int{1, 2, 3, 4, 7} { // clearSlots' cases
		t.Run(fmt.Sprint(params), func(t *testing.T) {
			in := fastInterp()
			var collected atomic.Int32
			in.Define(&Builtin{Name: "tracked", Min: 0, Max: 0, Fn: func(*Thread, []lisp.Value) lisp.Value {
				v := lisp.NewString(strings.Repeat("x", 64))
				runtime.AddCleanup(v, func(*atomic.Int32) { collected.Add(1) }, &collected)
				return v
			}})
			var names, args []string
			for i := range params {
				names = append(names, fmt.Sprintf("p%d", i))
				args = append(args, "(tracked)")
			}
			in.Define(&Builtin{Name: "all-collected", Min: 0, Max: 0, Fn: func(*Thread, []lisp.Value) lisp.Value {
				for range 5 {
					runtime.GC()
					if collected.Load() == int32(params) {
						return lisp.T
					}
				}
				return lisp.MakeInt(int64(collected.Load()))
			}})
			// One top-level form, so that nothing between the forms
			// resets the stack.
			src := fmt.Sprintf("(let ((f (lambda (%s) (if p0 1 2)))) (funcall f %s) (all-collected))",
				strings.Join(names, " "), strings.Join(args, " "))
			if got, err := run(t, in, src); got != "t" {
				t.Errorf("%s: %s of %d arguments collected after f returned (%v)", src, got, params, err)
			}
		})
	}
}
