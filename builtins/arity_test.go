package builtins

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/eval"
)

// Every builtin's lambda list must read, since its arity is derived from
// it; one that did not would take any number of arguments.
func TestLambdaListsRead(t *testing.T) {
	loadAll()
	for _, b := range functions {
		if _, _, ok := eval.LambdaListArity(b.Args); !ok {
			t.Errorf("%s: lambda list %q does not read", b.Name, b.Args)
		}
	}
	for name, std := range standardGenerics {
		if least, _, _ := eval.LambdaListArity(std.lambdaList); least != std.nreq {
			t.Errorf("%s: lambda list %q has %d required parameters, the generic function %d", name, std.lambdaList, least, std.nreq)
		}
	}
}

// A builtin's body must accept every argument count its lambda list
// admits: the evaluator lets such a call through to the body, and a body
// unpacking fewer parameters than the list names would refuse it in
// words that contradict describe (or index past its arguments). Each
// builtin is called with nil for every count from its least to its most
// (three past its least when unbounded); a type error is fine, a count
// error or a Go index error is not.
func TestBodiesAcceptTheirLambdaLists(t *testing.T) {
	loadAll()
	in := eval.New(eval.Limits{MaxSteps: 1e6})
	Install(in)
	for _, b := range functions {
		if strings.HasPrefix(b.Name, "(") {
			continue // a setf function's name is not a symbol to call
		}
		least, most, _ := eval.LambdaListArity(b.Args)
		if most < 0 {
			most = least + 3
		}
		for n := least; n <= most; n++ {
			form := "(" + b.Name + strings.Repeat(" nil", n) + ")"
			ctx, cancel := context.WithTimeout(context.Background(), time.Second)
			_, err := in.EvalString(ctx, fmt.Sprintf("(|%s|%s)", strings.ToUpper(b.Name), strings.Repeat(" nil", n)), io.Discard)
			cancel()
			if err == nil {
				continue
			}
			msg := err.Error()
			if strings.Contains(msg, b.Name+": expected ") && strings.Contains(msg, "argument") ||
				strings.Contains(msg, "index out of range") {
				t.Errorf("%s, allowed by %s %s: %s", form, b.Name, b.Args, msg)
			}
		}
	}
}
