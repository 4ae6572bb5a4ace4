package cli

// Version is the command's version, set at build time with
// -ldflags "-X github.com/nodelisp/nodelisp/internal/cli.Version=…".
var Version = "0.1.0-dev"

// Exit statuses, as a Go CLI user expects them.
const (
	ExitOK    = 0
	ExitError = 1 // the program failed: a Lisp error, a store error
	ExitUsage = 2 // the command line (or the config file) was wrong
)

// Subcommands are the first arguments that name a mode rather than a
// script. Every one of them opens the log, so only the host runs them.
var Subcommands = []string{"db", "log", "serve", "sessions", "view"}

// IsSubcommand reports whether name is one of Subcommands.
func IsSubcommand(name string) bool {
	for _, s := range Subcommands {
		if s == name {
			return true
		}
	}
	return false
}

// HandedOverEnv is set in the host's environment by the lean command when
// it hands over, so that a lean command started in the host's place can
// tell; the host clears it as it starts.
const HandedOverEnv = "NODECODE_HANDED_OVER"
