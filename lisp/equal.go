package lisp

import (
	"math"
	"math/big"
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
	}
	return false
}

// Equal is CL's equal: eql, or strings with the same characters, or conses
// whose cars and cdrs are equal.
func Equal(a, b Value) bool {
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
			if !ok || !Equal(x.Car, y.Car) {
				return false
			}
			a, b = x.Cdr, y.Cdr
			continue
		case *Vector:
			return x.Bits && equalBits(x, b)
		}
		return false
	}
}

// Equalp is CL's equalp: equal, ignoring the case of characters, comparing
// numbers with =, and descending into vectors and hash tables.
func Equalp(a, b Value) bool {
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
				return vectorEqualp(stringItems(x.S), v.Items)
			}
			return false
		case *Cons:
			y, ok := b.(*Cons)
			if !ok || !Equalp(x.Car, y.Car) {
				return false
			}
			a, b = x.Cdr, y.Cdr
			continue
		case *Vector:
			switch y := b.(type) {
			case *Vector:
				return vectorEqualp(x.Items, y.Items)
			case *String:
				return vectorEqualp(x.Items, stringItems(y.S))
			}
			return false
		case *HashTable:
			y, ok := b.(*HashTable)
			return ok && hashTablesEqualp(x, y)
		case *Instance:
			return instancesEqualp(x, b)
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

func vectorEqualp(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equalp(a[i], b[i]) {
			return false
		}
	}
	return true
}

func hashTablesEqualp(a, b *HashTable) bool {
	if a.Count() != b.Count() || a.Test != b.Test {
		return false
	}
	same := true
	a.Each(func(k, v Value) bool {
		w, ok := b.Get(k)
		if !ok || !Equalp(v, w) {
			same = false
		}
		return same
	})
	return same
}
