package lisp

import (
	"testing"
	"unsafe"
)

// Nearly every string a program makes is simple; what only some strings
// have (fill pointer, displacement) lives behind one pointer, so a
// string-heavy program does not pay for it. Holding those fields in
// String itself made each string 80 bytes and the hash benchmark 20%
// slower.
func TestStringStaysSmall(t *testing.T) {
	if n := unsafe.Sizeof(String{}); n > 24 {
		t.Errorf("lisp.String is %d bytes; keep rarely used fields in StringShape", n)
	}
}
