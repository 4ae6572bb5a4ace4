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
	loadAll()
	if len(functions) < len(libraryIndex)/2 {
		t.Fatalf("only %d builtins registered", len(functions))
	}
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

// The library is defined on first use, yet an image sees it whole: a name
// no form has used yet is found, described and listed, and a program's
// own symbol of the same name (make-symbol's) is not the library's.
func TestLazyLibraryLooksWhole(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`(multiple-value-list (intern "STRING-UPCASE"))`, "(string-upcase :inherited)"},
		{`(fboundp 'nstring-capitalize)`, "t"},
		{`(not (member 'string-left-trim (apropos-list "STRING-LEFT")))`, "nil"},
		{`(documentation 'char-greaterp 'function)`, `"Like char> but ignoring case."`},
		{`(fboundp (make-symbol "CAR"))`, "nil"},
		{`(macro-function 'dolist)`, "#<function dolist>"},
	} {
		_, got, errMsg := txtEval(t, c.src)
		if errMsg != "" || got != c.want {
			t.Errorf("%s = %s (error %q), want %s", c.src, got, errMsg, c.want)
		}
	}
}

// Images made at the same time load the library's groups at the same
// time; each gets every definition once (run with -race).
func TestLazyLibraryConcurrent(t *testing.T) {
	done := make(chan string)
	for i := 0; i < 8; i++ {
		go func() {
			_, got, errMsg := txtEval(t, `(list (string-upcase "a") (reduce #'+ (mapcar #'1+ '(1 2 3))) (format nil "~a" (sort (list 3 1 2) #'<)))`)
			done <- got + errMsg
		}()
	}
	for i := 0; i < 8; i++ {
		if got := <-done; got != `("A" 9 "(1 2 3)")` {
			t.Errorf("got %s", got)
		}
	}
}
