//go:build linux

package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestREPLUndoRestoresFiles: a cell writes a file, /undo takes it away,
// /redo brings it back — on disk, as a person at the REPL sees it.
func TestREPLUndoRestoresFiles(t *testing.T) {
	work := t.TempDir()
	path := filepath.Join(work, "notes.txt")
	tm := startTerminal(t, testEnv(t), "--workdir", work)
	tm.expect(" > ")
	tm.send(`(write-file "notes.txt" "remember the deploy key")` + "\r")
	tm.expect("notes.txt")
	tm.expect(" > ")
	if b, err := os.ReadFile(path); err != nil || string(b) != "remember the deploy key" {
		t.Fatalf("after the cell: %q, %v", b, err)
	}
	tm.send("/undo\r")
	tm.expect("removed notes.txt")
	tm.expect(" > ")
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("after /undo the file is still there (%v)", err)
	}
	tm.send("/redo\r")
	tm.expect("restored notes.txt")
	tm.expect(" > ")
	if b, err := os.ReadFile(path); err != nil || string(b) != "remember the deploy key" {
		t.Fatalf("after /redo: %q, %v", b, err)
	}
	tm.send("/quit\r")
	tm.exit()
}
