package format

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// readAll returns every form of a file.
func readAll(t *testing.T, path string) []lisp.Value {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := reader.New(string(src))
	var out []lisp.Value
	for {
		v, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, v)
	}
}

// run formats like (format nil …), returning "ERROR" for a condition.
func run(control string, args []lisp.Value) (out string, failed bool) {
	defer func() {
		if x := recover(); x != nil {
			if _, ok := x.(*lisp.Condition); !ok {
				panic(x)
			}
			out, failed = "", true
		}
	}()
	var b strings.Builder
	Format(&b, 0, control, args)
	return b.String(), false
}

// TestAgainstSBCL runs every case of testdata/cases.lisp and compares the
// result with what SBCL gave (testdata/cases.golden).
func TestAgainstSBCL(t *testing.T) {
	cases := readAll(t, "testdata/cases.lisp")
	want := readAll(t, "testdata/cases.golden")
	if len(cases) != len(want) {
		t.Fatalf("%d cases but %d golden results", len(cases), len(want))
	}
	for i, c := range cases {
		items := lisp.ListToSlice("test", c)
		control := items[0].(*lisp.String).S
		got, failed := run(control, items[1:])
		switch w := want[i].(type) {
		case *lisp.Symbol:
			if !failed {
				t.Errorf("%s: got %q, want an error", lisp.Prin1ToString(c), got)
			}
		case *lisp.String:
			if failed || got != w.S {
				t.Errorf("%s: got %q (failed %v), want %q", lisp.Prin1ToString(c), got, failed, w.S)
			}
		}
	}
}

func TestErrorMessage(t *testing.T) {
	defer func() {
		c, ok := recover().(*lisp.Condition)
		if !ok {
			t.Fatal("no condition")
		}
		want := `format: unknown directive ~y at 3 in "ab~y"`
		if c.Message != want || !lisp.SubclassOf(c.Class, lisp.ClassError) {
			t.Errorf("got %q (%v), want %q", c.Message, c.Class, want)
		}
	}()
	var b strings.Builder
	Format(&b, 0, "ab~y", nil)
}

func TestColumnFromStream(t *testing.T) {
	var b strings.Builder
	Format(&b, 3, "~&x~5ty", nil)
	if got := b.String(); got != "\nx    y" {
		t.Errorf("got %q", got)
	}
}

func BenchmarkFormatD(b *testing.B) {
	b.ReportAllocs()
	args := []lisp.Value{lisp.MakeInt(12345)}
	var sb strings.Builder
	for b.Loop() {
		sb.Reset()
		Format(&sb, 0, "k~d", args)
	}
}
