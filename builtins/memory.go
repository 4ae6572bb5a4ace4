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

// reserveChunk is how many elements a builtin that cannot know its
// result's length in advance (append walks its lists once) builds between
// two reservations of their bytes.
const reserveChunk = 4096

// reserveEvery reserves the next reserveChunk elements of unit bytes each
// when the i-th element is the first of a chunk, so a result grown from
// its arguments is refused while it grows, not after.
func reserveEvery(t *eval.Thread, op string, i int, unit int64) {
	if i%reserveChunk == 0 && i > 0 {
		reserve(t, reserveChunk*unit, op, i, "elements so far")
	}
}

// reserveFormat reserves what format to a string is about to write: the
// control string and the strings among the arguments, each copied into
// the output and once more into the result.
func reserveFormat(t *eval.Thread, control string, args []lisp.Value) {
	n := int64(len(control))
	for _, a := range args {
		if s, ok := a.(*lisp.String); ok {
			n += int64(len(s.S))
		}
	}
	reserve(t, 3*n, "format", int(n), "characters")
}
