package serve

import (
	"fmt"
	"time"
)

// The server-wide bounds on a cell's run time (issue 29: a cell with no
// timeout_ms ran until its step limit, 81 s for a counting loop).
const (
	// DefaultCellTimeout is how long a cell runs when its call gives no
	// timeout_ms and the server no --cell-timeout.
	DefaultCellTimeout = 60 * time.Second
	// DefaultMaxCellTimeout is the longest timeout_ms a call may ask for
	// when the server sets no --max-cell-timeout.
	DefaultMaxCellTimeout = 10 * time.Minute
)

// cellTimeout is the server's default run time of a cell.
func (c Config) cellTimeout() time.Duration {
	if c.CellTimeout > 0 {
		return c.CellTimeout
	}
	return DefaultCellTimeout
}

// maxCellTimeout is the longest run time a call may ask for: never less
// than the default, so a call can always ask for what it gets unasked.
func (c Config) maxCellTimeout() time.Duration {
	m := DefaultMaxCellTimeout
	if c.MaxCellTimeout > 0 {
		m = c.MaxCellTimeout
	}
	return max(m, c.cellTimeout())
}

// timeoutFor is the run time of a cell whose call asked for ms
// milliseconds (0: not asked): the server's default unless asked, and
// never above the server's maximum. A call asking for more is refused,
// so a client learns the bound instead of having its cell stopped early.
func (c Config) timeoutFor(ms int64) (time.Duration, error) {
	switch {
	case ms < 0:
		return 0, fmt.Errorf("timeout_ms must be a positive number of milliseconds, got %d", ms)
	case ms == 0:
		return c.cellTimeout(), nil
	}
	limit := c.maxCellTimeout()
	if ms > limit.Milliseconds() {
		return 0, fmt.Errorf("timeout_ms %d is over the server's maximum of %d (--max-cell-timeout %v)", ms, limit.Milliseconds(), limit)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// timeoutDescription describes the eval tool's timeout_ms with this
// server's figures, so a model reads the default and the bound.
func (c Config) timeoutDescription() string {
	return fmt.Sprintf("stop the cell after this many milliseconds (default %d, the server's --cell-timeout; at most %d, its --max-cell-timeout)",
		c.cellTimeout().Milliseconds(), c.maxCellTimeout().Milliseconds())
}
