//go:build linux

package main

import (
	"strings"
	"testing"
)

// Ctrl-C, then typing, then Ctrl-C clears the line again and stays (issue
// 29: the second Ctrl-C quit, whatever was typed between); only two with
// nothing typed between leave.
func TestREPLCtrlCTypingCtrlCStays(t *testing.T) {
	tm := startTerminal(t, testEnv(t))
	tm.prompt()
	tm.send("\x03")
	tm.expect("Ctrl-C again to quit")
	tm.prompt()
	tm.send("(+ 40")
	tm.send("\x03") // something was typed since the last Ctrl-C: clear, stay
	tm.expect("Ctrl-C again to quit")
	tm.prompt()
	tm.send("(+ 40 2)\r")
	tm.expect("42\r\n")
	tm.prompt()
	tm.send("x\x7f") // typed and rubbed out: still typed
	tm.send("\x03")
	tm.expect("Ctrl-C again to quit")
	tm.prompt()
	tm.send("\x03") // nothing since: leave
	if code := tm.exit(); code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
}

// The REPL variables and every value of a form, as a person sees them.
func TestREPLVariablesAndValues(t *testing.T) {
	tm := startTerminal(t, testEnv(t))
	tm.prompt()
	tm.send("(values 1 2)\r")
	tm.expect("1\r\n2\r\n")
	tm.prompt()
	tm.send("(list * ** / +)\r")
	tm.expect("(1 nil (1 2) (values 1 2))\r\n")
	tm.prompt()
	// - is the form being evaluated; write prints it under the program's
	// *print-case* (:upcase, as SBCL), the result is displayed lower case.
	tm.send("(write -)\r")
	tm.expect("(WRITE -)\r\n(write -)\r\n")
	tm.prompt()
	tm.send("(list *** ///)\r")
	tm.expect("(1 (1 2))\r\n") // the first form's, three forms back
}

// A long result is pretty-printed to the terminal's width; with
// NODECODE_PRETTY=0 it stays on one line.
func TestREPLPrettyPrintsToWidth(t *testing.T) {
	form := "(loop for i below 30 collect (list i (* i i)))\r"
	oneLine := "(1 1) (2 4) (3 9) (4 16) (5 25) (6 36)"

	tm := startTerminalWide(t, 60, testEnv(t))
	tm.prompt()
	tm.send(form)
	tm.expect("((0 0)")
	tm.prompt()
	out := tm.output()
	result := out[strings.LastIndex(out, "((0 0)"):]
	result = result[:strings.Index(result, "> ")]
	lines := strings.Split(strings.TrimRight(result, "\r\n"), "\r\n")
	if len(lines) < 2 {
		t.Fatalf("want the result over several lines at 60 columns, got %q", result)
	}
	for _, l := range lines[:len(lines)-1] {
		if len(l) > 60 {
			t.Errorf("line %q is wider than the terminal's 60 columns", l)
		}
	}

	tm = startTerminalWide(t, 60, testEnv(t, envPretty+"=0"))
	tm.prompt()
	tm.send(form)
	tm.expect("((0 0) " + oneLine)
}

// A line longer than the terminal is wide is kept whole: liner wraps it
// onto the next rows instead of scrolling it sideways, so what the
// terminal shows after Enter is the whole line (issue 29).
func TestREPLLongLineKeptWhole(t *testing.T) {
	tm := startTerminalWide(t, 40, testEnv(t))
	tm.prompt()
	long := `(length "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ")`
	tm.send(long + "\r")
	tm.expect("46\r\n")
	out := tm.output()
	// In single-line mode liner redraws a 40-column window of the line;
	// the tail past the first row never shows next to its head.
	if !strings.Contains(out, "0123456789ABCDEFGHIJ\")") || !strings.Contains(out, "(length \"abcdefghij") {
		t.Errorf("the long line is not shown whole; the terminal got:\n%q", out)
	}
}
