package builtins

import "github.com/nodelisp/nodelisp/lisp"

// maxElements bounds what one call may build: a cell asking for a hundred
// billion elements gets an error, not a host killed for lack of memory.
const maxElements = 1 << 24

// checkSize signals an error naming op when n elements are too many.
func checkSize(op string, n int) {
	if n > maxElements {
		lisp.Errorf("%s: size %d is too large (at most %d)", op, n, maxElements)
	}
}
