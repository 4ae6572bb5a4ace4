package lisp

import (
	"hash/maphash"
	"strings"
)

// slotIndex finds an equal or equalp table's string keys: an open-addressed
// array of slots, each a key's 32-bit hash beside its entry's index, probed
// linearly. It replaced a Go map[string]int32, which paid for a key twice
// (a lookup, then an assignment, on every new key), rehashed every string
// as it grew, and held a 24-byte slot per key in groups spread over memory;
// here a new key costs one probe, growing moves only the 8-byte slots, and
// the string's bytes are read only to confirm a slot whose hash matches,
// through the entries, which sit in insertion order: keys made and looked
// up in order (k0, k1, …) find their bytes already in the cache.
//
// A slot is hash<<32 | entry+1, so the zero slot is empty. The stored hash
// also places the slot, so growing and deleting never hash a key again.
type slotIndex struct {
	slots []slot
	used  int
}

// slot is one hash and entry index; zero is empty.
type slot uint64

// slotIndexMinSize is the first array's size; it doubles whenever more
// than three quarters of the slots would be used.
const slotIndexMinSize = 8

func slotOf(hash uint32, entry int32) slot { return slot(hash)<<32 | slot(entry+1) }

func (s slot) hash() uint32       { return uint32(s >> 32) }
func (s slot) entry() int32       { return int32(uint32(s)) - 1 }
func (x *slotIndex) mask() uint32 { return uint32(len(x.slots) - 1) }

// insert places entry under hash, which a probe has just found absent,
// growing the array first when it is full enough; free is the empty slot
// that probe ended on, stale once the array grows.
func (x *slotIndex) insert(hash uint32, entry int32, free uint32) {
	if (x.used+1)*4 > len(x.slots)*3 {
		x.grow()
		free = x.freeSlot(hash)
	}
	x.slots[free] = slotOf(hash, entry)
	x.used++
}

// freeSlot is the first empty slot from hash's home.
func (x *slotIndex) freeSlot(hash uint32) uint32 {
	m := x.mask()
	p := hash & m
	for x.slots[p] != 0 {
		p = (p + 1) & m
	}
	return p
}

func (x *slotIndex) grow() {
	old := x.slots
	size := max(2*len(old), slotIndexMinSize)
	x.slots = make([]slot, size)
	for _, s := range old {
		if s != 0 {
			x.slots[x.freeSlot(s.hash())] = s
		}
	}
}

// slotOfEntry finds entry's slot from hash's home.
func (x *slotIndex) slotOfEntry(hash uint32, entry int32) (uint32, bool) {
	m := x.mask()
	want := slotOf(hash, entry)
	for p := hash & m; x.slots[p] != 0; p = (p + 1) & m {
		if x.slots[p] == want {
			return p, true
		}
	}
	return 0, false
}

// remove deletes the slot of entry under hash, then moves back the slots
// after it that probing could no longer reach across the hole, so that no
// tombstones are needed.
func (x *slotIndex) remove(hash uint32, entry int32) {
	if len(x.slots) == 0 {
		return
	}
	m := x.mask()
	p, ok := x.slotOfEntry(hash, entry)
	if !ok {
		return
	}
	x.used--
	hole := p
	for q := (p + 1) & m; x.slots[q] != 0; q = (q + 1) & m {
		home := x.slots[q].hash() & m
		// The slot at q may fill the hole when its home is not within
		// (hole, q] going round the array.
		if (q-home)&m >= (q-hole)&m {
			x.slots[hole] = x.slots[q]
			hole = q
		}
	}
	x.slots[hole] = 0
}

// stringKey returns k's characters when k is a string an equal or equalp
// table finds through strs.
func (h *HashTable) stringKey(k Value) (string, bool) {
	if s, ok := k.(*String); ok && (h.Test == SymEqual || h.Test == SymEqualp) {
		return s.S, true
	}
	return "", false
}

// stringHash hashes a string key; equalp's hash is of the lowercased
// string, as equalp ignores case.
func (h *HashTable) stringHash(s string) uint32 {
	if h.Test == SymEqualp {
		s = strings.ToLower(s)
	}
	n := maphash.String(hashSeed, s)
	return uint32(n ^ n>>32)
}

// findString returns the entry of string key s, whose hash is hash, or -1
// and the empty slot where it would go.
func (h *HashTable) findString(s string, hash uint32) (entry int32, free uint32) {
	x := &h.strs
	if len(x.slots) == 0 {
		return -1, 0
	}
	m := x.mask()
	for p := hash & m; ; p = (p + 1) & m {
		sl := x.slots[p]
		if sl == 0 {
			return -1, p
		}
		if sl.hash() != hash {
			continue
		}
		i := sl.entry()
		if k, ok := h.entries.at(i).key.(*String); ok && (k.S == s || h.Test == SymEqualp && strings.EqualFold(k.S, s)) {
			return i, p
		}
	}
}
