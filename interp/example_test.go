package interp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// A host makes one interpreter and hands it cells. Each Result carries the
// cell's last value, printed as prin1 prints it, and, when Options.Stdout is
// nil, what the cell printed.
func Example() {
	it := interp.New(interp.Options{})
	ctx := context.Background()

	res, err := it.Eval(ctx, `;; squares of the first few numbers
(defun square (x) (* x x))
(format t "computing~%")
(mapcar #'square '(1 2 3 4))`)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Printf("note: %s\n", res.Note)
	fmt.Printf("defined: %v\n", res.Defined)
	fmt.Printf("output: %q\n", res.Output)
	fmt.Printf("value: %s\n", res.Printed)

	// Definitions persist from cell to cell.
	res, _ = it.Eval(ctx, "(square 12)")
	fmt.Println(res.Printed)
	// Output:
	// note: squares of the first few numbers
	// defined: [square]
	// output: "computing\n"
	// value: (1 4 9 16)
	// 144
}

// With Options.Stdout set, what cells print goes straight to the writer and
// Result.Output stays empty.
func ExampleOptions_stdout() {
	var out strings.Builder
	it := interp.New(interp.Options{Stdout: &out})
	res, _ := it.Eval(context.Background(), `(dolist (w '("one" "two")) (write-line w)) :done`)
	fmt.Printf("captured: %q\n", out.String())
	fmt.Printf("Output: %q, value: %s\n", res.Output, res.Printed)

	// SetStdout changes the destination between cells.
	it.SetStdout(os.Stdout)
	it.Eval(context.Background(), `(princ "straight to stdout") (terpri)`)
	// Output:
	// captured: "one\ntwo\n"
	// Output: "", value: :done
	// straight to stdout
}

// A step limit ends a runaway cell with an EVALUATION-LIMIT condition,
// which handler-case on error cannot swallow.
func ExampleOptions_limits() {
	it := interp.New(interp.Options{Limits: eval.Limits{MaxSteps: 10_000, MaxOutput: 16}})
	ctx := context.Background()

	_, err := it.Eval(ctx, `(handler-case (loop) (error () :swallowed))`)
	var c *lisp.Condition
	if errors.As(err, &c) {
		fmt.Printf("%s (%s)\n", c.Message, strings.ToLower(c.Class.Name))
	}

	res, err := it.Eval(ctx, `(loop (princ "spam "))`)
	fmt.Printf("%v after %q\n", err, res.Output)

	// The limits apply per cell: the next one starts afresh.
	res, _ = it.Eval(ctx, "(+ 1 2)")
	fmt.Println(res.Printed)
	// Output:
	// step limit exceeded (10000) (evaluation-limit)
	// 1:7: output limit exceeded (16 bytes) after "spam spam spam s"
	// 3
}

// The context bounds a cell: its deadline or cancellation stops a running
// cell promptly, even a tight loop, with an EVALUATION-LIMIT condition.
// The interpreter stays usable for the next cell.
func ExampleInterpreter_Eval_cancel() {
	it := interp.New(interp.Options{})

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := it.Eval(ctx, "(defvar *n* 0)\n(loop (incf *n*))")
	fmt.Println(err)

	// Cancelling, as a REPL does on Ctrl-C, reads differently.
	ctx, stop := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, stop)
	_, err = it.Eval(ctx, "(handler-case (loop) (condition () :swallowed))")
	fmt.Println(err)

	res, _ := it.Eval(context.Background(), "(plusp *n*)")
	fmt.Println(res.Printed)
	// Output:
	// 2:1: evaluation timed out
	// 1:1: evaluation cancelled
	// t
}

// An error ends the cell and comes back as the error. Evaluation errors are
// *lisp.Condition values whose Pos is the line and column of the top-level
// form; source that does not read is a *reader.Error, Incomplete when more
// text could finish it.
func ExampleInterpreter_Eval_errors() {
	it := interp.New(interp.Options{})
	ctx := context.Background()

	_, err := it.Eval(ctx, "(defvar *xs* '(1 2))\n(car 5)")
	var c *lisp.Condition
	if errors.As(err, &c) {
		fmt.Printf("condition %s at %s: %s\n", strings.ToLower(c.Class.Name), c.Pos, c.Message)
	}

	_, err = it.Eval(ctx, `(list 1 "unfinished`)
	var re *reader.Error
	if errors.As(err, &re) {
		fmt.Printf("reader error at %s: %s (incomplete %v)\n", re.Pos, re.Msg, re.Incomplete)
	}

	_, err = it.Eval(ctx, "(+ 1 2))")
	fmt.Println(err)

	// The definitions made before an error stay.
	res, _ := it.Eval(ctx, "*xs*")
	fmt.Println(res.Printed)
	// Output:
	// condition type-error at 2:1: car: the value 5 is not a list
	// reader error at 1:9: unterminated string (incomplete true)
	// 1:8: unbalanced )
	// (1 2)
}

// EvalForm runs the forms of a cell read with reader.ReadCell one at a
// time, so a runner can report each top-level result, and go on after an
// error.
func ExampleInterpreter_EvalForm() {
	it := interp.New(interp.Options{})
	cell, err := reader.ReadCell("(defvar *total* 10)\n(/ *total* 0)\n(* *total* 2)")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, form := range cell.Forms {
		res, err := it.EvalForm(context.Background(), cell, form)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println("=>", res.Printed)
	}
	// Output:
	// => *total*
	// error: 2:1: /: division by zero
	// => 20
}

// Define adds a host builtin: a Go function given the cell's context and
// the arguments, which it reads with the unpack package. A returned error
// becomes a Lisp error that handler-case can catch.
func ExampleInterpreter_Define() {
	it := interp.New(interp.Options{})
	it.Define("count-strings", "(&rest args)", "Counts the string arguments.", func(_ context.Context, args []lisp.Value) (lisp.Value, error) {
		n := 0
		for _, a := range args {
			if _, ok := a.(*lisp.String); ok {
				n++
			}
		}
		if n == 0 {
			return nil, errors.New("no strings given")
		}
		return lisp.MakeInt(int64(n)), nil
	})
	ctx := context.Background()

	res, _ := it.Eval(ctx, `(count-strings "a" 1 "b" :c)`)
	fmt.Println(res.Printed)
	res, _ = it.Eval(ctx, `(handler-case (count-strings 1 2)
  (error (e) (format nil "caught: ~a" e)))`)
	fmt.Println(res.Printed)
	res, _ = it.Eval(ctx, `(documentation 'count-strings 'function)`)
	fmt.Println(res.Printed)
	// Output:
	// 2
	// "caught: count-strings: no strings given"
	// "Counts the string arguments."
}

// DefineFunc adds a builtin from an ordinary Go function: arguments and
// results convert as FromLisp and ToLisp do (strings, integers, floats,
// booleans, slices, maps as plists, times as strings), a variadic parameter
// takes the remaining arguments, and an error result is signalled as a Lisp
// error.
func ExampleInterpreter_DefineFunc() {
	it := interp.New(interp.Options{})
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	must(it.DefineFunc("repeat-string", "Repeats s n times.", func(s string, n int64) string {
		return strings.Repeat(s, int(n))
	}))
	must(it.DefineFunc("mean", "The mean of the numbers.", func(xs ...float64) (float64, error) {
		if len(xs) == 0 {
			return 0, errors.New("no numbers")
		}
		sum := 0.0
		for _, x := range xs {
			sum += x
		}
		return sum / float64(len(xs)), nil
	}))
	must(it.DefineFunc("word-lengths", "Maps each word to its length.", func(words []string) map[string]int64 {
		m := map[string]int64{}
		for _, w := range words {
			m[w] = int64(len(w))
		}
		return m
	}))
	must(it.DefineFunc("total", "Sums a plist of counts.", func(counts map[string]int64) int64 {
		var n int64
		for _, c := range counts {
			n += c
		}
		return n
	}))
	must(it.DefineFunc("next-day", "The same time a day later.", func(t time.Time) time.Time {
		return t.Add(24 * time.Hour)
	}))
	must(it.DefineFunc("shout", "Upper-cases s, or not.", func(s string, loud bool) string {
		if loud {
			return strings.ToUpper(s) + "!"
		}
		return s
	}))

	for _, cell := range []string{
		`(repeat-string "ab" 3)`,
		`(mean 1 2 3.5 1/2)`,
		`(handler-case (mean) (error (e) (princ-to-string e)))`,
		`(word-lengths '("go" "lisp"))`,
		`(total '(:a 1 :b 2 :c 3))`,
		`(next-day "2024-02-28T12:00:00Z")`,
		`(list (shout "hi" t) (shout "hi" nil))`,
		`(repeat-string "ab" "3")`,
		`(repeat-string "ab")`,
	} {
		res, err := it.Eval(context.Background(), cell)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(res.Printed)
	}
	// Output:
	// "ababab"
	// 1.75
	// "mean: no numbers"
	// (:go 2 :lisp 4)
	// 6
	// "2024-02-29T12:00:00.000000Z"
	// ("HI!" "hi")
	// error: 1:1: repeat-string: the value "3" is not a fixnum
	// error: 1:1: repeat-string: expected 2 arguments, got 1
}

// Set gives a global variable the Lisp form of a Go value; Get converts a
// global back into a Go variable.
func ExampleInterpreter_Set() {
	it := interp.New(interp.Options{})
	if err := it.Set("*config*", map[string]any{"name": "demo", "retries": 3, "tags": []string{"a", "b"}}); err != nil {
		fmt.Println(err)
		return
	}
	res, _ := it.Eval(context.Background(), `(defvar *retries* (* 2 (getf *config* :retries))) *config*`)
	fmt.Println(res.Printed)

	var retries int
	if err := it.Get("*retries*", &retries); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(retries)

	var missing string
	fmt.Println(it.Get("*nowhere*", &missing))
	// Output:
	// (:name "demo" :retries 3 :tags ("a" "b"))
	// 6
	// unbound variable: *nowhere*
}

// ToLisp turns Go values into Lisp ones: slices become lists and maps with
// string keys become plists with keyword keys, sorted by key.
func ExampleToLisp() {
	v, err := interp.ToLisp(map[string]any{
		"id":    int64(7),
		"ok":    true,
		"score": 0.5,
		"items": []any{"x", 1, nil},
		"at":    time.Date(2024, 5, 1, 9, 30, 0, 0, time.UTC),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(lisp.Prin1ToString(v))

	_, err = interp.ToLisp(make(chan int))
	fmt.Println(err)
	// Output:
	// (:at "2024-05-01T09:30:00.000000Z" :id 7 :items ("x" 1 nil) :ok t :score 0.5)
	// cannot convert chan int to a Lisp value
}

// FromLisp stores a Lisp value into a Go variable. Into an `any` a plist
// becomes a map[string]any and another list a []any; typed destinations take
// lists as slices and plists, alists or hash tables as maps.
func ExampleFromLisp() {
	it := interp.New(interp.Options{})
	res, _ := it.Eval(context.Background(), `(list :name "ada" :langs '("lisp" "go") :year 1843)`)

	var natural any
	if err := interp.FromLisp(res.Value, &natural); err != nil {
		fmt.Println(err)
		return
	}
	m := natural.(map[string]any)
	fmt.Printf("%q %v %T\n", m["name"], m["langs"], m["year"])

	var person struct{}
	fmt.Println(interp.FromLisp(res.Value, &person))

	res, _ = it.Eval(context.Background(), `'((apples . 3) (pears . 5))`)
	var counts map[string]int
	if err := interp.FromLisp(res.Value, &counts); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(counts)
	// Output:
	// "ada" [lisp go] int64
	// FromLisp: cannot store (:name "ada" :langs ("lisp" "go") :year 1843) in a struct {}
	// map[apples:3 pears:5]
}

// ToJSON shapes a Lisp value for encoding/json: plists become objects,
// other lists arrays, t true and nil null.
func ExampleToJSON() {
	it := interp.New(interp.Options{})
	res, _ := it.Eval(context.Background(), `(list :matched 3 :files (list "a.go" "b.go") :exact t :next nil :ratio 1/3)`)
	b, err := json.Marshal(interp.ToJSON(res.Value))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(b))
	// Output:
	// {"exact":true,"files":["a.go","b.go"],"matched":3,"next":null,"ratio":"1/3"}
}
