//go:build !unix

package files

const openNonblock = 0
