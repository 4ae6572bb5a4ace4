package lisp

import "fmt"

// Guards for the Go functions that walk user data: a list whose cdrs come
// back to itself, or a structure nested millions deep, must end in a clear
// condition, never in a loop or Go's fatal stack overflow.

// MaxWalkDepth bounds how deep a recursive walk (equal, copy-tree, subst,
// tree-equal …) descends into nested conses and vectors. Deeper structure
// ends the cell with an evaluation-limit condition: the Go stack such a
// walk needs stays within a few tens of MB.
const MaxWalkDepth = 100_000

// CheckWalkDepth signals the evaluation-limit condition of op when depth
// is past MaxWalkDepth.
func CheckWalkDepth(op string, depth int) {
	if depth > MaxWalkDepth {
		panic(&Condition{Class: ClassLimit, Message: fmt.Sprintf("%s: the structure is nested deeper than %d levels", op, MaxWalkDepth)})
	}
}

// Cycle detects a cdr chain that comes back to itself (Brent's method: a
// compare per cons, and a cycle is found within twice its length plus the
// tail before it). The zero value is ready; Visit each cons in turn.
type Cycle struct {
	mark      *Cons
	seen, lim int
}

// Visit signals a type error naming op when c was visited before.
func (y *Cycle) Visit(op string, c *Cons) {
	if c == y.mark {
		Errorf("%s: the list is circular", op)
	}
	if y.seen++; y.seen >= y.lim {
		y.mark, y.seen, y.lim = c, 0, max(2*y.lim, 2)
	}
}
