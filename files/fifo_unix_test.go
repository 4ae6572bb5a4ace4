//go:build unix

package files_test

import (
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/internal/testbin"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/files"
)

// TestFIFORefused checks that a FIFO in the working directory is refused
// by every verb before it is opened: opening one for reading with no
// writer blocks in open(2) for ever.
func TestFIFORefused(t *testing.T) {
	d, work, _ := setup(t, 0)
	if err := syscall.Mkfifo(filepath.Join(work, "pipe"), 0o644); err != nil {
		testbin.SkipOutsideCI(t, fmt.Sprintf("mkfifo: %v", err))
	}
	ops := map[string]func() error{
		"Read":  func() error { _, err := d.Read("pipe"); return err },
		"State": func() error { _, _, err := d.State("pipe"); return err },
		"Write": func() error { return d.Write("pipe", "x") },
		"Stage": func() error { _, err := d.Stage("pipe", "x"); return err },
	}
	for name, op := range ops {
		done := make(chan error, 1)
		go func() { done <- op() }()
		select {
		case err := <-done:
			if !errors.Is(err, files.ErrNotRegular) || !strings.Contains(err.Error(), "pipe is not a regular file (a FIFO)") {
				t.Errorf("%s of a FIFO: got %v, want a not-a-regular-file error", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s of a FIFO blocked", name)
		}
	}
	if names, err := d.List(""); err != nil || len(names) != 1 {
		t.Errorf("List beside a FIFO: %v %v", names, err)
	}
}
