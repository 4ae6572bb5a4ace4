package interp_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
)

// An error's own line, as a program prints it under its name: a reader
// error and a positioned condition give NAME:LINE:COL: message, an error
// with no position NAME: and its text (wrapping included).
func TestErrorHeader(t *testing.T) {
	it := interp.New(interp.Options{})
	eval := func(code string) error {
		_, err := it.Eval(context.Background(), code)
		if err == nil {
			t.Fatalf("%s: no error", code)
		}
		return err
	}
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"reader error", eval("(car '(1 2)"), "prog.lisp:1:1: "},
		{"condition", eval("\n  (car 5)"), "prog.lisp:2:3: "},
		{"no position", fmt.Errorf("run stopped: %w", errors.New("out of steps")), "prog.lisp: run stopped: out of steps"},
	}
	for _, c := range cases {
		got := interp.Report(c.err, nil).Header("prog.lisp")
		if len(got) < len(c.want) || got[:len(c.want)] != c.want {
			t.Errorf("%s: header %q, want it to start %q", c.name, got, c.want)
		}
	}
}
