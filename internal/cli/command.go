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
