package serve

import (
	"encoding/json"
	"fmt"

	"github.com/nodelisp/nodelisp/eval"
)

// memoryParam is the cell_memory param of open and resume: the session's
// memory cap as a number of bytes or a size with a unit ("256MiB"); 0 or
// absent keeps the server's.
type memoryParam int64

func (m *memoryParam) UnmarshalJSON(b []byte) error {
	var text string
	if json.Unmarshal(b, &text) == nil {
		n, err := eval.ParseMemory(text)
		if err != nil {
			return fmt.Errorf("cell_memory: %v", err)
		}
		*m = memoryParam(n)
		return nil
	}
	var n int64
	if err := json.Unmarshal(b, &n); err != nil || n < 0 {
		return fmt.Errorf("cell_memory must be a number of bytes or a size such as \"256MiB\", got %s", b)
	}
	*m = memoryParam(n)
	return nil
}

// limits are the server's limits with the session's memory cap, if given.
func (m memoryParam) limits(server eval.Limits) eval.Limits {
	if m > 0 {
		server.MaxMemory = int64(m)
	}
	return server
}
