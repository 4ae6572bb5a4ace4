//go:build !linux

package eval

// physicalMemory is the machine's RAM in bytes, 0 when unknown: only Linux
// is asked, elsewhere the default cap is DefaultMaxMemoryCeiling.
func physicalMemory() int64 { return 0 }
