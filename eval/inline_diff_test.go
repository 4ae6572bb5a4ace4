package eval_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/nodelisp/nodelisp/builtins"
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// evalPrinted evaluates src in image and returns its printed value, or the
// error's message.
func evalPrinted(image *eval.Interp, src string) string {
	res, err := image.EvalString(context.Background(), src, nil)
	if err != nil {
		return "error: " + err.Error()
	}
	return lisp.Prin1ToString(res.Value)
}

// The open-coded library functions agree with the library's own, which
// funcall of a computed function reaches, on every operand shape.
func TestInlineMatchesLibrary(t *testing.T) {
	image := eval.New(eval.Limits{})
	builtins.Install(image)
	ops := []string{"+", "-", "*", "mod", "rem", "<", ">", "<=", ">=", "="}
	vals := []string{"0", "1", "-1", "7", "-7", "3", "-3", "4611686018427387904", "-4611686018427387905",
		"9223372036854775807", "-9223372036854775808", "3037000500", "-3037000499", "(expt 2 70)", "1/2", "2.5", "-0.0"}
	for _, op := range ops {
		for _, x := range vals {
			for _, y := range vals {
				want := evalPrinted(image, fmt.Sprintf("(let ((f (intern %q))) (funcall (symbol-function f) %s %s))", lispUpper(op), x, y))
				forms := []string{
					fmt.Sprintf("(let ((a %s) (b %s)) (%s a b))", x, y, op),
					fmt.Sprintf("(let ((a %s)) (%s a %s))", x, op, y),
					fmt.Sprintf("(let ((b %s)) (%s (identity %s) b))", y, op, x),
					fmt.Sprintf("(let ((a %s)) (%s a (identity %s)))", x, op, y),
					fmt.Sprintf("(%s (identity %s) (identity %s))", op, x, y),
					fmt.Sprintf("(%s (identity %s) %s)", op, x, y),
					// An open-coded operand hands its result over unboxed
					// (inline_raw.go); multiplying by 1 keeps every value.
					fmt.Sprintf("(%s (* 1 (identity %s)) %s)", op, x, y),
					fmt.Sprintf("(let ((a %s)) (%s a (* (identity %s) 1)))", x, op, y),
					fmt.Sprintf("(let ((a %s) (b %s)) (%s (* a 1) (* 1 b)))", x, y, op),
					fmt.Sprintf("(%s (* 1 (identity %s)) (* (identity %s) 1))", op, x, y),
					fmt.Sprintf("(let ((a %s) (b %s)) (if (%s a b) 'yes 'no))", x, y, op),
				}
				for i, src := range forms {
					got := evalPrinted(image, src)
					if i == len(forms)-1 && !isError(want) {
						w := "yes"
						if want == "nil" {
							w = "no"
						}
						if op == "+" || op == "-" || op == "*" || op == "mod" || op == "rem" {
							w = "yes" // a number is true
						}
						if got != w {
							t.Errorf("%s: got %s, want %s", src, got, w)
						}
						continue
					}
					if isError(want) != isError(got) || !isError(want) && got != want {
						t.Errorf("%s: got %s, want %s", src, got, want)
					}
				}
			}
		}
	}
	for _, x := range vals {
		for _, op := range []string{"1+", "1-"} {
			want := evalPrinted(image, fmt.Sprintf("(funcall (symbol-function (intern %q)) %s)", op, x))
			for _, src := range []string{fmt.Sprintf("(let ((a %s)) (%s a))", x, op), fmt.Sprintf("(%s (identity %s))", op, x)} {
				if got := evalPrinted(image, src); got != want {
					t.Errorf("%s: got %s, want %s", src, got, want)
				}
			}
		}
	}
}

func lispUpper(op string) string {
	out := []byte(op)
	for i, c := range out {
		if c >= 'a' && c <= 'z' {
			out[i] = c - 'a' + 'A'
		}
	}
	return string(out)
}

func isError(s string) bool { return len(s) > 6 && s[:6] == "error:" }

// An open-coded operation evaluates its operands left to right: a
// variable read first keeps its value when the second operand assigns it,
// as SBCL gives.
func TestInlineOperandOrder(t *testing.T) {
	image := eval.New(eval.Limits{})
	builtins.Install(image)
	for src, want := range map[string]string{
		"(let ((s 1)) (+ s (progn (setq s 10) 1)))":         "2",
		"(let ((s 1)) (- s (* 1 (progn (setq s 10) 1))))":   "0",
		"(let ((s 5)) (mod s (+ 0 (progn (setq s 10) 3))))": "2",
		"(let ((s 1)) (< s (progn (setq s 10) 2)))":         "t",
	} {
		if got := evalPrinted(image, src); got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
}

// A deep nest of open-coded arithmetic is analysed in time linear in its
// depth: each operand's code is generated once (it was generated twice
// per level, 2^40 times here, when raw operands came in).
func TestInlineDeepNest(t *testing.T) {
	image := eval.New(eval.Limits{})
	builtins.Install(image)
	src := "(identity 1)"
	for range 40 {
		src = "(+ 1 (* 1 " + src + "))"
	}
	if got := evalPrinted(image, "(let ((x 0)) "+src+")"); got != "41" {
		t.Errorf("got %s, want 41", got)
	}
}
