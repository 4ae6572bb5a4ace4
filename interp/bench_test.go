package interp_test

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/interp"
)

// BenchmarkPrograms runs each program of testdata/bench (copies of
// ../shared/bench, the programs docs/performance.md compares with other embeddable
// interpreters) in a fresh interpreter per iteration, as `nodelisp
// FILE.lisp` would.
func BenchmarkPrograms(b *testing.B) {
	files, err := filepath.Glob("../testdata/bench/*.lisp")
	if err != nil {
		b.Fatal(err)
	}
	for _, path := range files {
		src := readFile(b, path)
		b.Run(strings.TrimSuffix(filepath.Base(path), ".lisp"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				it := interp.New(interp.Options{Stdout: io.Discard})
				if _, err := it.Eval(context.Background(), src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStart is what an embedder pays to start: a new interpreter and
// its first eval, `(+ 1 2)`, the in-process half of run-peers' `start`
// row (docs/performance.md).
func BenchmarkStart(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		it := interp.New(interp.Options{Stdout: io.Discard})
		if _, err := it.Eval(context.Background(), "(+ 1 2)"); err != nil {
			b.Fatal(err)
		}
	}
}
