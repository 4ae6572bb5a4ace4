package lisp

import (
	"math"
	"math/big"
	"slices"
	"strings"
	"unicode"
)

// Eq is CL's eq: the same object. Fixnums and characters with the same
// value are eq, as they are in SBCL.
func Eq(a, b Value) bool {
	if a != b {
		return false
	}
	// Go's == holds 0.0 and -0.0 equal; eq must imply eql, which does not.
	if x, ok := a.(Float); ok {
		return math.Signbit(float64(x)) == math.Signbit(float64(b.(Float)))
	}
	return true
}

// Eql is CL's eql: eq, or numbers of the same type and value, or the same
// character.
func Eql(a, b Value) bool {
	if x, ok := a.(Float); ok {
		y, ok := b.(Float)
		return ok && x == y && math.Signbit(float64(x)) == math.Signbit(float64(y))
	}
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *big.Int:
		y, ok := b.(*big.Int)
		return ok && x.Cmp(y) == 0
	case *big.Rat:
		y, ok := b.(*big.Rat)
		return ok && x.Cmp(y) == 0
	case *Complex:
		y, ok := b.(*Complex)
		return ok && Eql(x.Re, y.Re) && Eql(x.Im, y.Im)
	}
	return false
}

// Equal is CL's equal: eql, or strings with the same characters, or conses
// whose cars and cdrs are equal. Two circular lists are an error, and
// structure nested past MaxWalkDepth an evaluation limit (walk.go).
func Equal(a, b Value) bool { return equal(a, b, 0) }

func equal(a, b Value, depth int) bool {
	CheckWalkDepth("equal", depth)
	var cycle Cycle
	for {
		if Eql(a, b) {
			return true
		}
		switch x := a.(type) {
		case *String:
			y, ok := b.(*String)
			return ok && x.S == y.S
		case *Cons:
			y, ok := b.(*Cons)
			if !ok || !equal(x.Car, y.Car, depth+1) {
				return false
			}
			cycle.Visit("equal", x)
			a, b = x.Cdr, y.Cdr
			continue
		case *Vector:
			return x.Bits && equalBits(x, b)
		case *Pathname:
			y, ok := b.(*Pathname)
			return ok && pathnamesEqual(x, y)
		}
		return false
	}
}

// Equalp is CL's equalp: equal, ignoring the case of characters, comparing
// numbers with =, and descending into vectors and hash tables. Like
// Equal it refuses circular lists and bounds its depth.
func Equalp(a, b Value) bool { return equalp(a, b, 0) }

func equalp(a, b Value, depth int) bool {
	CheckWalkDepth("equalp", depth)
	var cycle Cycle
	for {
		if a == b {
			return true
		}
		switch x := a.(type) {
		case Char:
			y, ok := b.(Char)
			return ok && unicode.ToLower(rune(x)) == unicode.ToLower(rune(y))
		case *String:
			y, ok := b.(*String)
			if ok {
				return strings.EqualFold(x.S, y.S)
			}
			if v, ok := b.(*Vector); ok {
				return vectorEqualp(stringItems(x.S), v.Items, depth)
			}
			return false
		case *Cons:
			y, ok := b.(*Cons)
			if !ok || !equalp(x.Car, y.Car, depth+1) {
				return false
			}
			cycle.Visit("equalp", x)
			a, b = x.Cdr, y.Cdr
			continue
		case *Vector:
			switch y := b.(type) {
			case *Vector:
				return vectorEqualp(x.Items, y.Items, depth)
			case *String:
				return vectorEqualp(x.Items, stringItems(y.S), depth)
			}
			return false
		case *Array:
			// Arrays of any rank are equalp when their dimensions are
			// the same and their elements equalp in row-major order.
			y, ok := b.(*Array)
			return ok && slices.Equal(x.Dims, y.Dims) && vectorEqualp(x.Items, y.Items, depth)
		case *HashTable:
			y, ok := b.(*HashTable)
			return ok && hashTablesEqualp(x, y, depth)
		case *Instance:
			return instancesEqualp(x, b)
		case *RandomState:
			// A structure in SBCL, so equalp compares its state.
			y, ok := b.(*RandomState)
			if !ok {
				return false
			}
			xh, xl := x.Words()
			yh, yl := y.Words()
			return xh == yh && xl == yl
		case *Pathname:
			y, ok := b.(*Pathname)
			return ok && pathnamesEqual(x, y)
		}
		if IsNumber(a) && IsNumber(b) {
			return NumEqual(a, b)
		}
		return false
	}
}

func stringItems(s string) []Value {
	out := []Value{}
	for _, r := range s {
		out = append(out, Char(r))
	}
	return out
}

func vectorEqualp(a, b []Value, depth int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !equalp(a[i], b[i], depth+1) {
			return false
		}
	}
	return true
}

func hashTablesEqualp(a, b *HashTable, depth int) bool {
	if a.Count() != b.Count() || a.Test != b.Test {
		return false
	}
	same := true
	a.Each(func(k, v Value) bool {
		w, ok := b.Get(k)
		if !ok || !equalp(v, w, depth+1) {
			same = false
		}
		return same
	})
	return same
}
