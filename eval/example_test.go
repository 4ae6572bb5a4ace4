package eval_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// An image made by eval.New knows only the special forms and a handful of
// the evaluator's own functions (funcall, apply, values, error, …); the
// library comes from package builtins, and most hosts use package interp,
// which installs it. Here the host supplies the two functions its cells
// need itself.
func Example() {
	image := eval.New(eval.Limits{})
	image.Define(&eval.Builtin{
		Name: "add", Args: "(&rest numbers)", Doc: "Sums the numbers.", Min: 0, Max: -1,
		Fn: func(_ *eval.Thread, args []lisp.Value) lisp.Value {
			sum := lisp.MakeInt(0)
			for _, a := range args {
				sum = lisp.Add(sum, a)
			}
			return sum
		},
	})
	image.Define(&eval.Builtin{
		Name: "say", Args: "(x)", Doc: "Prints x without quotes, then a newline.", Min: 1, Max: 1,
		Fn: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			lisp.Princ(t.Out(), args[0])
			t.Out().WriteString("\n")
			return args[0]
		},
	})
	image.SetGlobal("*base*", lisp.MakeInt(100))

	var out strings.Builder
	res, err := image.EvalString(context.Background(), `
(defun twice (f x) (funcall f (funcall f x)))
(say "hello")
(twice (lambda (n) (add n n *base*)) 1)`, &out)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Print(out.String())
	fmt.Println(lisp.Prin1ToString(res.Value), res.Defined)

	// The library is not there: car is undefined, and the error says where.
	_, err = image.EvalString(context.Background(), "(say 1)\n(car '(1 2))", &out)
	fmt.Println(err)

	// Arguments are counted before Fn runs.
	_, err = image.EvalString(context.Background(), "(say)", nil)
	fmt.Println(err)
	// Output:
	// hello
	// 304 [twice]
	// 2:1: undefined function: car
	// 1:1: say: expected 1 argument, got 0
}

// Limits bound each evaluation; a limit reached is an EVALUATION-LIMIT
// condition, not an error, so no handler in the cell can swallow it.
func ExampleLimits() {
	image := eval.New(eval.Limits{MaxDepth: 100})
	_, err := image.EvalString(context.Background(), "(defun deep (n) (values (deep n)))\n(deep 0)", nil)
	c := err.(*lisp.Condition)
	fmt.Println(c.Message, lisp.SubclassOf(c.Class, lisp.ClassError))

	// A call in tail position does not deepen the stack, so this one runs
	// until the step limit stops it. The position is that of the form
	// running at the time: the tail call in forever's body.
	image.SetLimits(eval.Limits{MaxSteps: 5000})
	_, err = image.EvalString(context.Background(), "(defun forever (n) (forever n))\n(forever 0)", nil)
	fmt.Println(err)
	// Output:
	// call depth exceeded (100) false
	// 1:20: step limit exceeded (5000)
}
