package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/reader"
)

// historyLines is what one entry adds to the REPL's history, which holds
// one line per item: a cell that reads the same on one line is kept
// joined, so one Up brings the whole form back; a cell whose line breaks
// matter (a comment, a string across lines) is kept line by line.
func historyLines(e entry) []string {
	lines := strings.Split(e.src, "\n")
	if len(lines) == 1 {
		return lines
	}
	var parts []string
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" {
			parts = append(parts, t)
		}
	}
	joined := strings.Join(parts, " ")
	if e.cell != nil && readsAs(e.cell, joined) {
		return []string{joined}
	}
	return lines
}

// readsAs reports whether text reads as the same forms as cell, which
// was read already.
func readsAs(cell *reader.Cell, text string) bool {
	other, err := reader.ReadCell(text)
	if cell.Err() != nil || err != nil || len(cell.Forms) != len(other.Forms) || cell.HasNote || other.HasNote {
		return false
	}
	for i := range cell.Forms {
		if lisp.Prin1ToString(cell.Forms[i]) != lisp.Prin1ToString(other.Forms[i]) {
			return false
		}
	}
	return true
}

// loadHistory reads the history file of the home, if there is one.
func loadHistory(ln *liner.State, path string) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	ln.ReadHistory(f)
}

// saveHistory rewrites the history file; it runs after every entry, so a
// REPL that is killed keeps what was typed. The file is replaced whole,
// through a temporary file, so a crash never leaves half of it.
func saveHistory(ln *liner.State, path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".history-*")
	if err != nil {
		return err
	}
	_, werr := ln.WriteHistory(tmp)
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return errors.Join(werr, cerr)
	}
	return os.Rename(tmp.Name(), path)
}
