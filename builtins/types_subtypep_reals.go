package builtins

// subtypep over ranges of reals: (integer lo hi), (rational …), (real …),
// (float …) and its four format names, with inclusive bounds, (exclusive)
// ones and *.

import (
	"github.com/nodelisp/nodelisp/lisp"
)

// realKind is the kind of number a range holds; integer within rational
// within real, float within real.
type realKind int

const (
	kindInteger realKind = iota
	kindRational
	kindFloat
	kindReal
)

// within reports whether every number of kind k is of kind o.
func (k realKind) within(o realKind) bool {
	return k == o || o == kindReal || k == kindInteger && o == kindRational
}

// realSet is a range of one kind of number; a nil bound is unbounded.
type realSet struct {
	kind           realKind
	lo, hi         lisp.Value
	loOpen, hiOpen bool // the bound itself is excluded
}

func (r realSet) empty() bool {
	if r.lo == nil || r.hi == nil {
		return false
	}
	c := lisp.Compare("subtypep", r.lo, r.hi)
	return c > 0 || c == 0 && (r.loOpen || r.hiOpen)
}

// within reports whether r is a subset of s.
func (r realSet) within(s realSet) bool {
	if r.empty() {
		return true
	}
	if !r.kind.within(s.kind) {
		return false
	}
	if s.lo != nil {
		if r.lo == nil {
			return false
		}
		c := lisp.Compare("subtypep", r.lo, s.lo)
		if c < 0 || c == 0 && s.loOpen && !r.loOpen {
			return false
		}
	}
	if s.hi != nil {
		if r.hi == nil {
			return false
		}
		c := lisp.Compare("subtypep", r.hi, s.hi)
		if c > 0 || c == 0 && s.hiOpen && !r.hiOpen {
			return false
		}
	}
	return true
}

var realKinds = map[string]realKind{
	"RATIONAL": kindRational, "REAL": kindReal, "FLOAT": kindFloat,
	"SHORT-FLOAT": kindFloat, "SINGLE-FLOAT": kindFloat, "DOUBLE-FLOAT": kindFloat, "LONG-FLOAT": kindFloat,
}

// realRange reads a real type as a range; the integer types come from
// intRange, with their bounds made inclusive.
func realRange(spec lisp.Value) (realSet, bool) {
	if r, ok := intRange(spec); ok {
		s := realSet{kind: kindInteger}
		if r.lo != nil {
			s.lo = lisp.NormBig(r.lo)
		}
		if r.hi != nil {
			s.hi = lisp.NormBig(r.hi)
		}
		return s, true
	}
	name, params, ok := typeSpecParts(spec)
	if !ok {
		return realSet{}, false
	}
	kind, ok := realKinds[name]
	if !ok || len(params) > 2 {
		return realSet{}, false
	}
	s := realSet{kind: kind}
	if len(params) > 0 {
		if s.lo, s.loOpen, ok = realBound(params[0]); !ok {
			return realSet{}, false
		}
	}
	if len(params) > 1 {
		if s.hi, s.hiOpen, ok = realBound(params[1]); !ok {
			return realSet{}, false
		}
	}
	return s, true
}

// realBound reads a bound: *, a real, or (real) excluded.
func realBound(v lisp.Value) (bound lisp.Value, open, ok bool) {
	if v == lisp.Value(predSymStar) {
		return nil, false, true
	}
	if c, isCons := v.(*lisp.Cons); isCons && c.Cdr == lisp.Value(lisp.Nil) && lisp.IsReal(c.Car) {
		return c.Car, true, true
	}
	if lisp.IsReal(v) {
		return v, false, true
	}
	return nil, false, false
}
