// Package paths finds the nodelisp home and the files under it (SPEC §2):
// the embedded store, the REPL history, and the context files. It reads
// only the environment it is given, so tests and hosts can point it
// anywhere.
package paths

import (
	"os"
	"path/filepath"
)

// Env looks up an environment variable; os.Getenv is one.
type Env func(string) string

// Home is the nodelisp home: $NODECODE_HOME, else $XDG_DATA_HOME/nodecode,
// else ~/.local/share/nodecode. An explicit dir (the --home flag) wins
// over all of them.
func Home(explicit string, env Env) string {
	if explicit != "" {
		return explicit
	}
	if h := env("NODECODE_HOME"); h != "" {
		return h
	}
	if x := env("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "nodecode")
	}
	return filepath.Join(userHome(env), ".local", "share", "nodecode")
}

// Store is the embedded SQLite store's file in a home.
func Store(home string) string { return filepath.Join(home, "log.db") }

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

func userHome(env Env) string {
	if h := env("HOME"); h != "" {
		return h
	}
	if h, err := os.UserHomeDir(); err == nil {
		return h
	}
	return "."
}
