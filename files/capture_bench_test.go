package files

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// benchTree makes a tree of n small text files, 100 to a directory, as a
// source repository has them.
func benchTree(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	for i := range n {
		sub := filepath.Join(dir, fmt.Sprintf("pkg%03d", i/100))
		if i%100 == 0 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		text := fmt.Sprintf("package pkg\n\n// file %d\nfunc F%d() int { return %d }\n", i, i, i)
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%05d.go", i)), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkCaptureEmptyCommand is what run adds to a command that changes
// nothing, on a tree of 50,000 files: the scan before and the scan after,
// with the picture from an earlier run (the steady state).
func BenchmarkCaptureEmptyCommand(b *testing.B) {
	b.Run("watched", func(b *testing.B) { benchEmpty(b, true) })
	// Without the watch (not Linux, or the watch limit reached) each scan
	// walks the tree, comparing stats.
	b.Run("walked", func(b *testing.B) { benchEmpty(b, false) })
}

func benchEmpty(b *testing.B, watch bool) {
	dir := benchTree(b, 50000)
	d, _ := New(dir, 0)
	c, err := d.NewCapture(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	if !watch && c.w != nil {
		c.w.close()
		c.w = nil
	}
	ctx := context.Background()
	if err := c.Scan(ctx); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := c.Scan(ctx); err != nil {
			b.Fatal(err)
		}
		cs, _, err := c.Changes(ctx)
		if err != nil || len(cs) != 0 {
			b.Fatalf("%d changes, %v", len(cs), err)
		}
	}
}

// BenchmarkCaptureFirstScan is the first run's extra cost on the same
// tree: every file read, hashed and copied into the mirror. It reports
// the heap the picture keeps per file.
func BenchmarkCaptureFirstScan(b *testing.B) {
	dir := benchTree(b, 50000)
	d, _ := New(dir, 0)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	var perFile float64
	for b.Loop() {
		b.StopTimer()
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		c, err := d.NewCapture(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := c.Scan(ctx); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		runtime.GC()
		runtime.ReadMemStats(&after)
		perFile = float64(after.HeapAlloc-before.HeapAlloc) / float64(c.Files())
		c.Close()
		b.StartTimer()
	}
	b.ReportMetric(perFile, "heap-B/file")
}
