package builtins

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// libImage returns an interpreter with the whole library installed. Until
// the output builtins exist, a minimal print stands in for them.
func libImage(t *testing.T, out *strings.Builder) *eval.Interp {
	t.Helper()
	in := eval.New(eval.Limits{})
	Install(in)
	if in.Describe(lisp.Intern("PRINT")).Kind == "" {
		in.Define(&eval.Builtin{Name: "print", Min: 1, Max: 2, Args: "(object)", Doc: "Print the object on a new line, readably, then a space.",
			Fn: func(th *eval.Thread, args []lisp.Value) lisp.Value {
				out.WriteString("\n" + lisp.Prin1ToString(args[0]) + " ")
				return args[0]
			}})
	}
	return in
}

// libEval evaluates src in a fresh image and returns the printed value of
// its last form and what it printed.
func libEval(t *testing.T, src string) (string, string, error) {
	t.Helper()
	var out strings.Builder
	in := libImage(t, &out)
	res, err := in.EvalString(context.Background(), src, &out)
	if err != nil {
		return "", out.String(), err
	}
	return lisp.Prin1ToString(res.Value), out.String(), nil
}

// TestLibGoldenFiles runs this library's Lisp-level checks (testdata/cl/
// lib-*.lisp, expected output from SBCL) through the evaluator.
func TestLibGoldenFiles(t *testing.T) {
	for _, name := range []string{"lib-numbers", "lib-lists", "lib-sequences", "lib-hash"} {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile("../testdata/cl/" + name + ".lisp")
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile("../testdata/cl/" + name + ".out")
			if err != nil {
				t.Fatal(err)
			}
			_, got, err := libEval(t, string(src))
			if err != nil {
				t.Errorf("evaluation failed: %v", err)
			}
			gotLines, wantLines := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for i := range max(len(gotLines), len(wantLines)) {
				var g, w string
				if i < len(gotLines) {
					g = gotLines[i]
				}
				if i < len(wantLines) {
					w = wantLines[i]
				}
				if g != w {
					t.Errorf("line %d:\n got %s\nwant %s", i+1, g, w)
				}
			}
		})
	}
}

func TestSequenceCalls(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`(mapcar (lambda (x) (* x 2)) '(1 2 3))`, `(2 4 6)`},
		{`(remove-if-not (lambda (y) (= 0 (mod y 3))) '(3 4 6 7 9))`, `(3 6 9)`},
		{`(reduce #'+ '(1 2 3) :key #'1+)`, `9`},
		{`(sort (list "b" "a" "c") #'string<)`, `("a" "b" "c")`},
		{`(funcall (complement #'evenp) 3)`, `t`},
		{`(funcall (constantly 7) 1 2 3)`, `7`},
		{`(mapcar (constantly 0) '(1 2))`, `(0 0)`},
		{`(let ((h (make-hash-table :test 'equal))) (setf (gethash "k" h) 1) (gethash "k" h))`, `1`},
		{`(multiple-value-list (floor 7 2))`, `(3 1)`},
		{`(multiple-value-list (gethash 1 (make-hash-table)))`, `(nil nil)`},
		{`(remove-duplicates (list "a" "b" "a") :test #'equal)`, `("b" "a")`},
		{`(some #'evenp #(1 3 4))`, `t`},
		{`(car 5)`, `error: car: the value 5 is not a list`},
		{`(+ 1 "a")`, `error: +: the value "a" is not a number`},
		{`(cadr '(1 . 2))`, `error: cadr: the value 2 is not a list`},
		{`(elt '(1 2) 5)`, `error: elt: the index 5 is out of range for a sequence of length 2`},
		{`(subseq "abc" 5)`, `error: subseq: the bounding indices 5 and nil are bad for a sequence of length 3`},
		{`(gethash 1 2)`, `error: gethash: the value 2 is not a hash table`},
		{`(typep 3 '(satisfies oddp))`, `t`},
	} {
		got, _, err := libEval(t, c.src)
		if strings.HasPrefix(c.want, "error: ") {
			if err == nil || !strings.Contains(err.Error(), c.want[len("error: "):]) {
				t.Errorf("%s: got %s, %v; want %s", c.src, got, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s = %s, want %s", c.src, got, c.want)
		}
	}
}
