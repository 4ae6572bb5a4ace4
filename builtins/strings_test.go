package builtins

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// txtEval evaluates src in a fresh image with the library installed and
// returns what it printed, the printed primary value of the last form,
// and the error message if it failed. The text builtins (strings,
// characters, output, format, docs) are tested through it.
func txtEval(t *testing.T, src string) (out, value, errMsg string) {
	t.Helper()
	in := eval.New(eval.Limits{})
	Install(in)
	var b strings.Builder
	r, err := in.EvalString(context.Background(), src, &b)
	if err != nil {
		if c, ok := err.(*lisp.Condition); ok {
			return b.String(), "", c.Message
		}
		return b.String(), "", err.Error()
	}
	return b.String(), lisp.Prin1ToString(r.Value), ""
}

type txtCase struct{ src, want string }

func txtRunValues(t *testing.T, cases []txtCase) {
	t.Helper()
	for _, c := range cases {
		_, got, errMsg := txtEval(t, c.src)
		if errMsg != "" {
			got = "error: " + errMsg
		}
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.src, got, c.want)
		}
	}
}

func TestStringFunctions(t *testing.T) {
	txtRunValues(t, []txtCase{
		{`(string< "abc" "abd")`, "2"},
		{`(string< "ab" "abc")`, "2"},
		{`(string<= "abc" "abc")`, "3"},
		{`(string> "abc" "abc")`, "nil"},
		{`(string/= "abc" "abd")`, "2"},
		{`(string= "abc" "xabcx" :start2 1 :end2 4)`, "t"},
		{`(string-equal "ABC" "abc")`, "t"},
		{`(string-lessp "_" "a")`, "0"},
		{`(string-capitalize "hello WORLD foo-bar 1st")`, `"Hello World Foo-Bar 1st"`},
		{`(string-upcase "abcdef" :start 2 :end 4)`, `"abCDef"`},
		{`(let ((s (copy-seq "abc"))) (nstring-upcase s) s)`, `"ABC"`},
		{`(string-trim '(#\a) "aabaa")`, `"b"`},
		{`(string-right-trim " " "  x  ")`, `"  x"`},
		{`(char "héllo" 1)`, `#\LATIN_SMALL_LETTER_E_WITH_ACUTE`},
		{`(string 'foo)`, `"FOO"`},
		{`(multiple-value-list (parse-integer " -17 "))`, "(-17 5)"},
		{`(multiple-value-list (parse-integer "12x" :junk-allowed t))`, "(12 2)"},
		{`(multiple-value-list (read-from-string "(a b) c"))`, "((a b) 6)"},
		{`(multiple-value-list (intern "TXT-TEST-NEW"))`, "(txt-test-new nil)"},
		{`(multiple-value-list (intern "CAR"))`, "(car :inherited)"},
		{`(write-to-string "s" :escape nil)`, `"s"`},
	})
}

func TestStringErrors(t *testing.T) {
	txtRunValues(t, []txtCase{
		{`(parse-integer "12x")`, `error: parse-integer: junk in string "12x"`},
		{`(parse-integer "  ")`, `error: parse-integer: no non-whitespace characters in string "  ".`},
		{`(parse-integer "+")`, `error: parse-integer: no digits in string "+"`},
		{`(char "abc" 5)`, `error: char: invalid index 5 for a string of length 3`},
		{`(string= "abc" "abd" :end1 10)`, `error: string=: the bounding indices 0 and 10 are bad for a sequence of length 3`},
		{`(string-upcase 12)`, `error: string-upcase: the value 12 is not a string designator`},
		{`(read-from-string "")`, `error: read-from-string: end of file reading ""`},
		{`(char-code "a")`, `error: char-code: the value "a" is not a character`},
	})
}

func TestCharFunctions(t *testing.T) {
	txtRunValues(t, []txtCase{
		{`(digit-char-p #\z 36)`, "35"},
		{`(digit-char 11 16)`, `#\B`},
		{`(char-upcase #\ß)`, `#\LATIN_SMALL_LETTER_SHARP_S`},
		{`(char/= #\a #\b #\a)`, "nil"},
		{`(char-lessp #\a #\B)`, "t"},
		{`(name-char "space")`, `#\ `},
		{`(char-name #\a)`, `"LATIN_SMALL_LETTER_A"`},
		{`(code-char 955)`, `#\GREEK_SMALL_LETTER_LAMDA`},
	})
}

// A surrogate code has no character a string can hold, so code-char
// answers nil for it (SBCL answers a character that (string c) then
// cannot round-trip here); every other code round-trips through a string.
func TestCodeCharSurrogatesAreNil(t *testing.T) {
	txtRunValues(t, []txtCase{
		{"(code-char #xd800)", "nil"},
		{"(code-char #xdfff)", "nil"},
		{"(char-code (code-char #xd7ff))", "55295"},
		{`(loop for i below 65536 for c = (code-char i)
		        unless (or (null c) (eql c (char (string c) 0))) collect i)`, "nil"},
	})
}
