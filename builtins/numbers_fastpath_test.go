package builtins

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Every builtin with a fixed-arity entry point gives through it what it
// gives through Fn: a direct call with one or two arguments takes the entry
// point, apply takes Fn.
func TestFastEntryPointsMatchFn(t *testing.T) {
	image := eval.New(eval.Limits{})
	Install(image)
	printed := func(src string) string {
		res, err := image.EvalString(context.Background(), src, nil)
		if err != nil {
			msg := err.Error()
			if i := strings.Index(msg, ": "); i >= 0 && strings.Count(msg[:i], ":") == 1 {
				msg = msg[i+2:] // drop the position, which differs
			}
			return "error: " + msg
		}
		return lisp.Prin1ToString(res.Value)
	}
	samples := []string{"0", "7", "-3", "(expt 2 70)", "2.5", "-0.0", "1/3", "'(1 2 3)", "nil", "\"abc\"", "#(1 2)", "'sym", "(make-hash-table)"}
	checked := 0
	for _, b := range functions {
		name := strings.ToLower(b.Name)
		if b.Fn1 != nil {
			for _, x := range samples {
				direct := printed("(" + name + " " + x + ")")
				viaFn := printed("(apply #'" + name + " (list " + x + "))")
				if direct != viaFn {
					t.Errorf("(%s %s): entry point gives %s, Fn %s", name, x, direct, viaFn)
				}
				checked++
			}
		}
		if b.Fn2 != nil {
			for _, x := range samples {
				for _, y := range samples {
					args := x + " " + y
					direct := printed("(" + name + " " + args + ")")
					viaFn := printed("(apply #'" + name + " (list " + args + "))")
					if direct != viaFn {
						t.Errorf("(%s %s): entry point gives %s, Fn %s", name, args, direct, viaFn)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no builtin has an entry point")
	}
}
