//go:build unix

package files

import "syscall"

// openNonblock keeps open(2) from waiting on a FIFO's writer; on a regular
// file it changes nothing.
const openNonblock = syscall.O_NONBLOCK
