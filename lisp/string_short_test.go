package lisp

import (
	"runtime"
	"strings"
	"testing"
)

// NewStringBytes copies its bytes, whatever their length, and a short
// string's characters survive collections while only the String is kept.
func TestNewStringBytes(t *testing.T) {
	var kept []*String
	for n := 0; n <= 40; n++ {
		b := []byte(strings.Repeat("x", n))
		s := NewStringBytes(b)
		for i := range b {
			b[i] = 'y' // the caller's buffer is reused
		}
		if s.S != strings.Repeat("x", n) || s.Shaped != nil {
			t.Fatalf("length %d: got %q", n, s.S)
		}
		kept = append(kept, s)
	}
	runtime.GC()
	garbage := make([][]byte, 0, 1000)
	for range 1000 {
		garbage = append(garbage, []byte("zzzzzzzzzzzzzzzzzzzzzzzz"))
	}
	runtime.KeepAlive(garbage)
	for n, s := range kept {
		if s.S != strings.Repeat("x", n) {
			t.Errorf("length %d after a collection: got %q", n, s.S)
		}
	}
}

// A short string is one allocation.
func TestNewStringBytesAllocations(t *testing.T) {
	b := []byte("k123456")
	var sink *String
	if n := testing.AllocsPerRun(1000, func() { sink = NewStringBytes(b) }); n != 1 {
		t.Errorf("NewStringBytes of 7 bytes: %v allocations, want 1", n)
	}
	_ = sink
}
