// Package paths names the files under a nodelisp home
// (docs/configuration.md): the REPL history and the context files; and
// the file verbs' working directory. The embedded store's file is
// store/storeopen's to name, as it is the one that opens it. Which home is the settings package's to say.
package paths

import (
	"path/filepath"
)

// History is the REPL's history file in a home.
func History(home string) string { return filepath.Join(home, "history") }

// ContextDir is where a session's context file and receipt live:
// HOME/context/STORE/SESSION.
func ContextDir(home, storeID, session string) string {
	return filepath.Join(home, "context", storeID, session)
}

// ContextFile is HOME/context/STORE/SESSION/context.txt.
func ContextFile(home, storeID, session string) string {
	return filepath.Join(ContextDir(home, storeID, session), "context.txt")
}

// ReceiptFile is HOME/context/STORE/SESSION/context.receipt.txt.
func ReceiptFile(home, storeID, session string) string {
	return filepath.Join(ContextDir(home, storeID, session), "context.receipt.txt")
}

// RunMirror is where the run verb keeps its copies of the working
// directory's text files for a session: HOME/runs/STORE/SESSION.
func RunMirror(home, storeID, session string) string {
	return filepath.Join(home, "runs", storeID, session)
}
