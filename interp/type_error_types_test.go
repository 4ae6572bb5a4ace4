package interp_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
)

// typeErrorCall finds the literal description of a lisp.TypeError call:
// TypeError("car", v, "a list").
var typeErrorCall = regexp.MustCompile(`TypeError\([^()]*, "([^"]+)"\)`)

// Every type error the source signals with a written description carries
// a type-error-expected-type that typep accepts: a program's handler may
// test the datum against it (the ANSI suite's check-type-error does), and
// a description that is not a type would make that test an error.
func TestTypeErrorDescriptionsAreTypes(t *testing.T) {
	descriptions := map[string]string{} // description → a file that uses it
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range typeErrorCall.FindAllStringSubmatch(string(src), -1) {
			descriptions[m[1]] = path
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(descriptions) < 50 {
		t.Fatalf("found only %d descriptions: the pattern no longer matches the source", len(descriptions))
	}
	var sorted []string
	for d := range descriptions {
		sorted = append(sorted, d)
	}
	sort.Strings(sorted)
	it := interp.New(interp.Options{})
	for _, d := range sorted {
		spec := lisp.Prin1ToString(lisp.ExpectedType(d))
		if _, err := it.Eval(context.Background(), "(typep 1 '"+spec+")"); err != nil {
			t.Errorf("%s: %q gives the expected type %s, which typep refuses: %v", descriptions[d], d, spec, err)
		}
	}
}
