package cli

import (
	"fmt"
	"os"

	"github.com/nodelisp/nodelisp/eval"
)

// UsageCellMemory is the help of --cell-memory, which the REPL, scripts
// and serve share.
const UsageCellMemory = "cap each cell's image at `SIZE` of live memory, e.g. 256MiB or 1GiB (default: $NODECODE_CELL_MEMORY, else the smaller of 1 GiB and a quarter of the machine's memory)"

// memoryFlag is a flag.Value holding a memory size in bytes; 0 is unset.
type memoryFlag struct{ bytes *int64 }

func (m memoryFlag) String() string {
	if m.bytes == nil || *m.bytes == 0 {
		return ""
	}
	return fmt.Sprint(*m.bytes)
}

func (m memoryFlag) Set(s string) error {
	n, err := eval.ParseMemory(s)
	if err != nil {
		return err
	}
	*m.bytes = n
	return nil
}

// CellMemoryFlag returns the flag.Value of --cell-memory, which stores
// into *bytes.
func CellMemoryFlag(bytes *int64) memoryFlag { return memoryFlag{bytes} }

// CellMemoryDefault fills an unset cap from $NODECODE_CELL_MEMORY. A
// value that is not a size is an error naming the variable.
func CellMemoryDefault(bytes *int64) error {
	if *bytes != 0 {
		return nil
	}
	env := os.Getenv("NODECODE_CELL_MEMORY")
	if env == "" {
		return nil
	}
	n, err := eval.ParseMemory(env)
	if err != nil {
		return fmt.Errorf("$NODECODE_CELL_MEMORY: %v", err)
	}
	*bytes = n
	return nil
}
