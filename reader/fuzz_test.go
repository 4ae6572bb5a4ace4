package reader

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead checks that no input makes the reader panic and that every error
// is a *Error with a real position.
func FuzzRead(f *testing.F) {
	seeds := []string{
		"(defun f (x) (* x 2))", "'(a . b)", "`(a ,b ,@c)", "#(1 2 #\\Space)",
		"\"str\\\"ing\"", "#| a #| b |# |# x", ";; note\n(a)", "#+sbcl (x) y",
		"#x-1F/2", "1/0", "1.5d0 -0.0 .5 1e10", "|Foo Bar| a\\b cl:car :key",
		"(a . b c)", ")", "(((", "#\\Rubout", "#:g1", "1d400", "#3r12",
		// Deep nesting: the reader must refuse it with a position, not
		// overflow Go's stack.
		strings.Repeat("(", 200000) + strings.Repeat(")", 200000),
		strings.Repeat("'", 200000) + "x", strings.Repeat("#(", 100000), strings.Repeat("`(,", 50000),
	}
	files, _ := filepath.Glob("../testdata/cl/*.lisp")
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			seeds = append(seeds, string(data))
		}
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		cell, err := ReadCell(src)
		if cell == nil {
			t.Fatal("nil cell")
		}
		if err == nil {
			return
		}
		var re *Error
		if !errors.As(err, &re) {
			t.Fatalf("error %v is not a *reader.Error", err)
		}
		if re.Pos.Line < 1 || re.Pos.Col < 1 || re.Msg == "" {
			t.Fatalf("error %q has no position or message", re.Error())
		}
	})
}
