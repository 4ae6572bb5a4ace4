package main

import "strings"

// envPretty turns off the REPL's pretty-printing of results: set to 0,
// off, false or no, results print on one line however long, as piped
// input's always do.
const envPretty = "NODECODE_PRETTY"

// prettyResults reports whether the REPL at a terminal pretty-prints its
// results to the terminal's width, given envPretty's value: yes unless
// it says no.
func prettyResults(setting string) bool {
	switch strings.ToLower(strings.TrimSpace(setting)) {
	case "0", "off", "false", "no":
		return false
	}
	return true
}
