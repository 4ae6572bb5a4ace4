package serve

import (
	"time"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/store"
)

// Config is what every session a server opens shares.
type Config struct {
	// Store is the log. The server does not close it.
	Store store.Store
	// Home is the nodelisp home (context files live under it).
	Home string
	// Model is the default model of new sessions, "provider/model-id";
	// an open or resume call may name another.
	Model string
	// Workdir is the default root of the file verbs; "" is the current
	// directory.
	Workdir string
	// Budgets resolves every session's budget (each session keeps its own
	// runtime overrides); nil is no source but the built-in table.
	Budgets *evict.Resolver
	// Limits bound each cell.
	Limits eval.Limits
	// AllowRun gives every session the run verb (off by default: a
	// client's commands would run with the rights of the user who started
	// the server); Sandbox runs them under bubblewrap.
	AllowRun, Sandbox bool
	// CellTimeout is how long a cell runs when its call gives no
	// timeout_ms; 0 is DefaultCellTimeout. MaxCellTimeout is the most a
	// call's timeout_ms may ask for; 0 is DefaultMaxCellTimeout. Neither
	// is less than the other (timeout.go).
	CellTimeout, MaxCellTimeout time.Duration
	// MaxLine caps one input line in bytes; 0 is DefaultMaxLine.
	MaxLine int
}

// DefaultMaxLine is the longest input line the JSON-RPC server reads
// (16 MiB); a longer one is answered with an error and skipped.
const DefaultMaxLine = 16 << 20
