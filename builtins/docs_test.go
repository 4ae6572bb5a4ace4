package builtins

import (
	"strings"
	"testing"
)

func TestDocumentation(t *testing.T) {
	txtRunValues(t, []txtCase{
		{`(documentation 'car 'function)`, `"Return the car of the list (nil for nil)."`},
		{`(defun f (x) "Doubles." (* 2 x)) (documentation 'f 'function)`, `"Doubles."`},
		{`(defvar *v* 1 "The v.") (documentation '*v* 'variable)`, `"The v."`},
		{`(documentation 'no-such-thing 'function)`, "nil"},
		{`(documentation #'string-upcase 'function)`, `"A copy of a string with its letters (between :start and :end) in upper case."`},
		{`(multiple-value-list (describe 'car))`, "nil"},
	})
}

// Every builtin carries a one-line doc and a lambda list, which is what
// describe and apropos show.
func TestEveryBuiltinDocumented(t *testing.T) {
	for _, b := range functions {
		if b.Doc == "" || strings.Contains(b.Doc, "\n") || !strings.HasPrefix(b.Args, "(") {
			t.Errorf("%s: doc %q, args %q", b.Name, b.Doc, b.Args)
		}
	}
}

func TestDescribeAndApropos(t *testing.T) {
	out, _, errMsg := txtEval(t, `(defun my-fn (a &optional b) "My doc." (list a b)) (describe 'my-fn)`)
	want := "my-fn\n  [symbol]\n\nmy-fn names a compiled function:\n  Lambda-list: (a &optional b)\n  Documentation:\n    My doc.\n"
	if errMsg != "" || out != want {
		t.Errorf("describe: got %q (error %q), want %q", out, errMsg, want)
	}
	out, _, _ = txtEval(t, `(describe "abc")`)
	if want := "\"abc\"\n  [simple-string]\n\nElement-type: character\nLength: 3\n"; out != want {
		t.Errorf("describe string: got %q", out)
	}
	out, _, _ = txtEval(t, `(defvar *apropos-test-var* 42) (defun apropos-test-fn ()) (apropos "APROPOS-TEST")`)
	if want := "*apropos-test-var* = 42\napropos-test-fn (fbound)\n"; out != want {
		t.Errorf("apropos: got %q, want %q", out, want)
	}
	_, v, _ := txtEval(t, `(apropos-list "string-upcase")`)
	if !strings.Contains(v, "string-upcase") {
		t.Errorf("apropos-list: got %s", v)
	}
}
