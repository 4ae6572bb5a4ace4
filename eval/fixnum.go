package eval

import "github.com/nodelisp/nodelisp/lisp"

// Boxing fixnums. Making a Value of an int64 outside lisp's small-integer
// cache allocates eight bytes; the open-coded arithmetic, whose results
// are mostly such integers in a loop, instead carves them from a block
// the thread allocates slabSize at a time. Each slot is written once,
// before it is boxed. A block stays alive while any of its integers does,
// which bounds the waste at slabSize times.

const slabSize = 32

// fix returns n as a Value.
func (t *Thread) fix(n int64) lisp.Value {
	if v, ok := lisp.CachedInt(n); ok {
		return v
	}
	return t.fixSlab(n)
}

func (t *Thread) fixSlab(n int64) lisp.Value {
	if len(t.slab) == 0 {
		t.slab = make([]int64, slabSize)
	}
	p := &t.slab[0]
	t.slab = t.slab[1:]
	*p = n
	return lisp.FixnumAt(p)
}

// Int returns n as a Value the way the open-coded arithmetic boxes it:
// from the small-integer cache or the thread's slab, so a builtin that
// returns a fresh fixnum in a loop (floor's two values) does not allocate
// eight bytes for each.
func (t *Thread) Int(n int64) lisp.Value { return t.fix(n) }
