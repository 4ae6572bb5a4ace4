package builtins

import (
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Sizes the memory cap books allocations at (eval.Thread.Reserve): a Value
// is an interface of two words, a cons two Values.
const (
	valueBytes = int64(unsafe.Sizeof(lisp.Value(nil)))
	consBytes  = int64(unsafe.Sizeof(lisp.Cons{}))
)

// makeString is a fresh string of n copies of c, reserved against the
// image's memory cap first.
func makeString(t *eval.Thread, op string, n int, c lisp.Char) *lisp.String {
	bytes := int64(n) * int64(max(utf8.RuneLen(rune(c)), 1))
	reserve(t, bytes, op, n, "characters")
	s := strings.Repeat(string(rune(c)), n)
	if len(s) > 0 {
		eval.Hold(t, unsafe.StringData(s), bytes)
	}
	return lisp.NewString(s)
}

// reserve books bytes against the image's memory cap before op makes n
// units; the description is only made for allocations large enough to be
// checked.
func reserve(t *eval.Thread, bytes int64, op string, n int, units string) {
	if bytes >= eval.BigAllocation {
		t.Reserve(bytes, fmt.Sprintf("%s of %d %s", op, n, units))
	}
}
