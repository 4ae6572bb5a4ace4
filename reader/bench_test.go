package reader

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReadCell reads the golden suite's programs as cells: what a
// cell costs to read with its positions, string literals and note.
func BenchmarkReadCell(b *testing.B) {
	paths, err := filepath.Glob("../testdata/cl/*.lisp")
	if err != nil || len(paths) == 0 {
		b.Fatalf("no programs: %v", err)
	}
	var srcs []string
	size := 0
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, string(data))
		size += len(data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			_, _ = ReadCell(src)
		}
	}
}
