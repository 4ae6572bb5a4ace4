package main

import (
	"io"
	"os"

	"golang.org/x/term"
)

// fileTerminal returns the file behind a stream when it is a terminal,
// else nil.
func fileTerminal(v any) *os.File {
	f, ok := v.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return f
}

// colorWanted reports whether output to the terminal f may use ANSI
// colours: not when NO_COLOR is set to anything (no-color.org), nor on a
// terminal that says it is dumb.
func colorWanted(f *os.File) bool {
	if f == nil || os.Getenv("NO_COLOR") != "" {
		return false
	}
	return os.Getenv("TERM") != "dumb"
}

// termWidth is the terminal's width in columns, 80 when it will not say.
func termWidth(f *os.File) int {
	if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
		return w
	}
	return 80
}

// isTerminalWriter reports whether w is a terminal, for progress lines.
func isTerminalWriter(w io.Writer) bool { return fileTerminal(w) != nil }
