package lisp

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/big"
	"strings"
	"unicode"
	"unsafe"
)

// HashTable is a Common Lisp hash table. Iteration (maphash) visits entries
// in insertion order, as SBCL does.
//
// Keys that have an exact Go equivalent under the table's test (fixnums,
// symbols, characters, strings under equal, …) are found through a Go map;
// structured keys (conses under equal, vectors under equalp) through a
// structural hash and a comparison.
type HashTable struct {
	Test *Symbol // EQ, EQL, EQUAL or EQUALP
	// RehashSize and RehashThreshold are what make-hash-table was given
	// (nil: the defaults); the table grows as Go's maps do whatever
	// they say, so they are only reported back.
	RehashSize, RehashThreshold Value

	strs    slotIndex     // string keys of equal and equalp tables
	exact   map[any]int32 // keys with an exact comparable form
	buckets map[uint64][]int32
	entries entryChunks
	live    int
	// walking counts the walks (Each) under way; while one is, removed
	// entries stay as tombstones, for compacting would move the entries
	// under it.
	walking int
}

// htEntry is one entry; a removed one has a nil key (Go's nil is never a
// Lisp value).
type htEntry struct {
	key, val Value
}

func (e *htEntry) dead() bool { return e.key == nil }

// The test symbols.
var (
	SymEq     = Intern("EQ")
	SymEql    = Intern("EQL")
	SymEqual  = Intern("EQUAL")
	SymEqualp = Intern("EQUALP")
)

// NewHashTable returns an empty table with the given test (one of SymEq,
// SymEql, SymEqual, SymEqualp).
func NewHashTable(test *Symbol) *HashTable {
	return &HashTable{Test: test}
}

// Count is the number of entries.
func (h *HashTable) Count() int { return h.live }

type floatKey uint64
type bigKey string
type ratKey string
type foldedStr string
type complexKey struct{ re, im any }

// exactKey returns a comparable Go value that is == exactly when two Lisp
// keys are the same under the table's test, or ok=false for structured
// keys.
func (h *HashTable) exactKey(k Value) (key any, ok bool) {
	switch x := k.(type) {
	case Fixnum:
		return x, true
	case Float:
		if h.Test == SymEqualp {
			return numberKeyEqualp(x), true
		}
		// eq and eql both tell 0.0 from -0.0 (see Eq).
		return floatKey(math.Float64bits(float64(x))), true
	case *big.Int:
		if h.Test == SymEq {
			return x, true
		}
		return bigKey(x.String()), true
	case *big.Rat:
		if h.Test == SymEq {
			return x, true
		}
		if h.Test == SymEqualp {
			return numberKeyEqualp(x), true
		}
		return ratKey(x.String()), true
	case *Complex:
		if h.Test == SymEq {
			return x, true
		}
		if h.Test == SymEqualp && IsZero(x.Im) {
			return numberKeyEqualp(x.Re), true // #c(1.0 0.0) is equalp to 1
		}
		re, _ := h.exactKey(x.Re)
		im, _ := h.exactKey(x.Im)
		return complexKey{re, im}, true
	case Char:
		if h.Test == SymEqualp {
			return Char(unicode.ToLower(rune(x))), true
		}
		return x, true
	case *Cons:
		if h.Test == SymEqual || h.Test == SymEqualp {
			return nil, false
		}
		return x, true
	case *Vector:
		if h.Test == SymEqualp {
			return nil, false
		}
		return x, true
	case *HashTable:
		if h.Test == SymEqualp {
			return nil, false
		}
		return x, true
	case *Pathname:
		if h.Test == SymEqual || h.Test == SymEqualp {
			return nil, false
		}
		return x, true
	}
	return k, true
}

func numberKeyEqualp(v Value) any {
	if f, ok := v.(Float); ok {
		if f == Float(math.Trunc(float64(f))) && math.Abs(float64(f)) < 1<<62 {
			return Fixnum(int64(f))
		}
		return ratKey(floatRat(f).String())
	}
	return ratKey(ToRat(v).String())
}

var hashSeed = maphash.MakeSeed()

// structHash hashes a structured key consistently with the table's test.
func (h *HashTable) structHash(k Value, depth int) uint64 {
	var mh maphash.Hash
	mh.SetSeed(hashSeed)
	h.hashInto(&mh, k, depth)
	return mh.Sum64()
}

func (h *HashTable) hashInto(mh *maphash.Hash, k Value, depth int) {
	if depth > 8 {
		return
	}
	switch x := k.(type) {
	case *Cons:
		mh.WriteByte('(')
		for i := 0; i < 16; i++ {
			h.hashInto(mh, x.Car, depth+1)
			next, ok := x.Cdr.(*Cons)
			if !ok {
				mh.WriteByte('.')
				h.hashInto(mh, x.Cdr, depth+1)
				return
			}
			x = next
		}
	case *String:
		if h.Test == SymEqualp {
			mh.WriteString(strings.ToLower(x.S))
		} else {
			mh.WriteString(x.S)
		}
	case *Vector:
		if h.Test == SymEqual && !x.Bits {
			// equal compares such a vector with eq: its address is its
			// hash, where hashing its items cost a Thiele's-formula cache
			// (keys (list yv xv n i)) the printing of 34 floats a lookup.
			mh.WriteByte('@')
			writeUint64(mh, uint64(uintptr(unsafe.Pointer(x))))
			return
		}
		mh.WriteByte('#')
		for i, it := range x.Items {
			if i > 16 {
				break
			}
			h.hashInto(mh, it, depth+1)
		}
	case *HashTable:
		mh.WriteByte('H')
	case *Pathname:
		mh.WriteByte('P')
		mh.WriteString(x.Namestring())
	default:
		key, _ := h.exactKey(k)
		switch x := key.(type) {
		case Fixnum:
			mh.WriteByte('i')
			writeUint64(mh, uint64(x))
		case floatKey:
			mh.WriteByte('f')
			writeUint64(mh, uint64(x))
		case *Symbol:
			// Symbols are the same only when eq, under every test.
			mh.WriteByte('s')
			writeUint64(mh, uint64(uintptr(unsafe.Pointer(x))))
		default:
			mh.WriteString(Prin1ToString(keyPrintable(key)))
		}
	}
}

// writeUint64 feeds the eight bytes of n to mh. Go's collector does not
// move objects, so an address is a stable hash of an object eq compares.
func writeUint64(mh *maphash.Hash, n uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], n)
	mh.Write(b[:])
}

func keyPrintable(k any) Value {
	switch x := k.(type) {
	case floatKey, bigKey, ratKey, foldedStr:
		return NewString(Prin1ToString(NewString(strings.ToLower(fmtAny(x)))))
	}
	return k
}

func fmtAny(k any) string {
	switch x := k.(type) {
	case floatKey:
		return Prin1ToString(Float(math.Float64frombits(uint64(x))))
	case bigKey:
		return string(x)
	case ratKey:
		return string(x)
	case foldedStr:
		return string(x)
	}
	return ""
}

func (h *HashTable) same(a, b Value) bool {
	switch h.Test {
	case SymEqual:
		return Equal(a, b)
	case SymEqualp:
		return Equalp(a, b)
	case SymEql:
		return Eql(a, b)
	}
	return a == b
}

// find returns the entry index of k, or -1.
func (h *HashTable) find(k Value) int32 {
	if s, ok := h.stringKey(k); ok {
		i, _ := h.findString(s, h.stringHash(s))
		return i
	}
	if key, ok := h.exactKey(k); ok {
		if i, ok := h.exact[key]; ok {
			return i
		}
		return -1
	}
	for _, i := range h.buckets[h.structHash(k, 0)] {
		if e := h.entries.at(i); !e.dead() && h.same(e.key, k) {
			return i
		}
	}
	return -1
}

// Get returns the value stored under k.
func (h *HashTable) Get(k Value) (Value, bool) {
	if i := h.find(k); i >= 0 {
		return h.entries.at(i).val, true
	}
	return Nil, false
}

// Put stores v under k.
func (h *HashTable) Put(k, v Value) {
	if s, ok := h.stringKey(k); ok {
		// One probe finds the entry or the slot for a new one.
		hash := h.stringHash(s)
		i, free := h.findString(s, hash)
		if i >= 0 {
			h.entries.at(i).val = v
			return
		}
		i = h.entries.add(htEntry{key: k, val: v})
		h.live++
		h.strs.insert(hash, i, free)
		return
	}
	if i := h.find(k); i >= 0 {
		h.entries.at(i).val = v
		return
	}
	i := h.entries.add(htEntry{key: k, val: v})
	h.live++
	h.index(k, i)
}

func (h *HashTable) index(k Value, i int32) {
	if key, ok := h.exactKey(k); ok {
		if h.exact == nil {
			h.exact = map[any]int32{}
		}
		h.exact[key] = i
		return
	}
	if h.buckets == nil {
		h.buckets = map[uint64][]int32{}
	}
	hk := h.structHash(k, 0)
	h.buckets[hk] = append(h.buckets[hk], i)
}

// Remove deletes k and reports whether it was there.
func (h *HashTable) Remove(k Value) bool {
	i := h.find(k)
	if i < 0 {
		return false
	}
	e := h.entries.at(i)
	h.unindex(e.key, i)
	*e = htEntry{}
	h.live--
	h.rebuild()
	return true
}

// unindex removes entry i of key k from the lookup maps.
func (h *HashTable) unindex(k Value, i int32) {
	if s, ok := h.stringKey(k); ok {
		h.strs.remove(h.stringHash(s), i)
		return
	}
	if key, ok := h.exactKey(k); ok {
		delete(h.exact, key)
		return
	}
	hk := h.structHash(k, 0)
	b := h.buckets[hk]
	for j, idx := range b {
		if idx == i {
			h.buckets[hk] = append(b[:j:j], b[j+1:]...)
			break
		}
	}
	if len(h.buckets[hk]) == 0 {
		delete(h.buckets, hk)
	}
}

// rebuild compacts the entries once tombstones outnumber live entries.
func (h *HashTable) rebuild() {
	if h.walking > 0 {
		return
	}
	if h.entries.n < 32 || h.live*2 > int(h.entries.n) {
		if h.live == 0 {
			h.Clear()
		}
		return
	}
	old := h.entries
	h.Clear()
	for _, chunk := range old.chunks {
		for _, e := range chunk {
			if !e.dead() {
				h.Put(e.key, e.val)
			}
		}
	}
}

// Clear removes every entry.
func (h *HashTable) Clear() {
	h.strs, h.buckets = slotIndex{}, nil
	h.exact = nil
	h.entries = entryChunks{}
	h.live = 0
}

// Each calls fn for each entry in insertion order until fn returns false.
// Entries added or removed by fn during the walk follow CL's rule: removing
// or changing the current entry is allowed.
func (h *HashTable) Each(fn func(k, v Value) bool) {
	h.walking++
	defer func() {
		h.walking--
		h.rebuild()
	}()
	for i := int32(0); i < h.entries.n; i++ {
		e := *h.entries.at(i)
		if e.dead() {
			continue
		}
		if !fn(e.key, e.val) {
			return
		}
	}
}
