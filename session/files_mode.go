package session

import (
	"fmt"
	"io/fs"
	"strconv"

	"github.com/nodelisp/nodelisp/files"
)

// modeText is permission bits as the log records them: octal, "644".
func modeText(m fs.FileMode) string { return strconv.FormatUint(uint64(m.Perm()), 8) }

// chmodRecorded sets a file's permission bits to a recorded mode.
func chmodRecorded(d *files.Dir, rel, mode string) error {
	m, err := strconv.ParseUint(mode, 8, 32)
	if err != nil {
		return fmt.Errorf("recorded mode %q is not octal", mode)
	}
	return d.Chmod(rel, fs.FileMode(m).Perm())
}
