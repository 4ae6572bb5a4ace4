package lisp

// Conses carved from blocks. A program that builds long lists (mapcar,
// remove, reverse, a loop of cons) made one 32-byte heap object per cons,
// and the allocator's and collector's per-object work was most of its
// time. A ConsBlock instead allocates its conses a block at a time: the
// first block holds one cons and each next one twice as many as the last,
// up to consBlockMax, so a short list wastes at most as many conses as it
// has and a long one pays one allocation per consBlockMax conses.
//
// A block stays alive while any of its conses does, and the collector
// scans all of it, so a dead cons in a live block keeps its car and cdr
// alive. That is why a ConsBlock belongs to one list being made (a
// ListBuilder, one reverse) and is dropped with it: the conses of a block
// are neighbours in one list, a dead one's cdr leads into that same list,
// and what a live block holds beyond the live conses is at most
// consBlockMax-1 cars. A block shared between lists (one per thread for
// every cons) would chain them: in `(let ((acc nil)) (dotimes …
// (push i acc)) (reverse acc))` run in a loop, each round's first conses
// shared a block with the last round's reversed list and kept it alive,
// and the heap grew by a round each time. Each cons is handed out once; a
// ConsBlock must not be copied once used, or both copies would hand out
// the same conses.

// consBlockMax is the most conses one block holds. Go puts an 8-byte
// header before a heap object over 512 bytes that holds pointers, so 32
// conses (1,024 bytes) would take the 1,152-byte size class; 31 and the
// header fill 1,000 of a 1,024-byte one. Far below the memory cap's
// large-allocation threshold.
const consBlockMax = 31

// ConsBlock hands out fresh conses. The zero value is ready to use.
type ConsBlock struct {
	free []Cons // the unused rest of the current block
	last int    // the size of the current block
}

// New returns a fresh cons of car and cdr.
func (b *ConsBlock) New(car, cdr Value) *Cons {
	if len(b.free) == 0 {
		n := min(max(2*b.last, 1), consBlockMax)
		b.free, b.last = make([]Cons, n), n
	}
	c := &b.free[0]
	b.free = b.free[1:]
	c.Car, c.Cdr = car, cdr
	return c
}
