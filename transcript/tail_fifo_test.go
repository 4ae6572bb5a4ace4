package transcript

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO named like a transcript is refused, not opened: opening it would
// block the follower until something wrote to it.
func TestTailRefusesAFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	tl, err := NewTail("claude-code", path)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := tl.Read(context.Background())
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Read of a FIFO: %v, want 'not a regular file'", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read of a FIFO blocked")
	}
}
