package eval

import "syscall"

// physicalMemory is the machine's RAM in bytes, 0 when unknown.
func physicalMemory() int64 {
	var info syscall.Sysinfo_t
	if syscall.Sysinfo(&info) != nil {
		return 0
	}
	return int64(info.Totalram) * int64(info.Unit)
}
