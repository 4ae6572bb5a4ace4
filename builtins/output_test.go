package builtins

import (
	"context"
	"io"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
)

func TestOutputFunctions(t *testing.T) {
	cases := []struct{ src, want string }{
		{`(print 3)`, "\n3 "},
		{`(prin1 "a") (princ "a")`, `"a"a`},
		{`(princ "x") (fresh-line) (fresh-line) (terpri)`, "x\n\n"},
		{`(write "w" :escape nil) (write "w")`, `w"w"`},
		{`(write-string "abcdef" t :start 1 :end 3) (write-line "!")`, "bc!\n"},
		{`(format t "~a~%" (with-output-to-string (s) (prin1 'x s)))`, "X\n"},
		{`(let ((s (make-string-output-stream))) (write-char #\z s) (princ (get-output-stream-string s)))`, "z"},
	}
	for _, c := range cases {
		got, _, errMsg := txtEval(t, c.src)
		if errMsg != "" || got != c.want {
			t.Errorf("%s: printed %q (error %q), want %q", c.src, got, errMsg, c.want)
		}
	}
}

func TestFormatDestinations(t *testing.T) {
	txtRunValues(t, []txtCase{
		{`(format nil "k~d" 7)`, `"k7"`},
		{`(format t "x")`, "nil"},
		{`(format nil "ab~y")`, `error: format: unknown directive ~y at 3 in "ab~y"`},
		{`(handler-case (format nil "~a") (error () :caught))`, ":caught"},
		{`(format 5 "x")`, "error: format: the value 5 is not a stream"},
	})
	out, _, _ := txtEval(t, `(princ "abc") (format t "~&x~5ty")`)
	if want := "abc\nx    y"; out != want {
		t.Errorf("format t continues the stream's column: got %q, want %q", out, want)
	}
}

// BenchmarkFormatLoop is the shape of the format benchmark: one control
// string formatted many times, parsed once.
func BenchmarkFormatLoop(b *testing.B) {
	b.ReportAllocs()
	in := eval.New(eval.Limits{})
	Install(in)
	for b.Loop() {
		if _, err := in.EvalString(context.Background(), `(dotimes (i 1000) (format nil "k~d" i))`, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
