package builtins

// subtypep over cons types and the disjoint families of the standard
// types. (cons a d) is the set of conses whose car is of a and whose cdr
// is of d: empty when either part is, within (cons a2 d2) when each part
// is within its counterpart, and within a type name when cons is. The
// families (numbers that are reals, complexes, characters, symbols, …)
// share no object, which settles "no" for a compound type of one family
// against a type of another.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// consTypeParts reads cons, (cons), (cons a) and (cons a d) as their car
// and cdr types, * read as t.
func consTypeParts(spec lisp.Value) (car, cdr lisp.Value, ok bool) {
	name, params, ok := typeSpecParts(spec)
	if !ok || name != "CONS" || len(params) > 2 {
		return nil, nil, false
	}
	if s, isSym := spec.(*lisp.Symbol); isSym && s != lisp.Intern("CONS") {
		return nil, nil, false // a keyword :cons is no type
	}
	part := func(i int) lisp.Value {
		if i < len(params) && params[i] != lisp.Value(predSymStar) {
			return params[i]
		}
		return lisp.T
	}
	return part(0), part(1), true
}

// surelyEmpty reports whether subtypep knows spec has no object.
func surelyEmpty(t *eval.Thread, spec lisp.Value) bool {
	sub, sure := subtypep(t, spec, lisp.Nil)
	return sub && sure
}

// subtypepConses answers when either side is a cons type and the other a
// cons type or a type name; done is false otherwise.
func subtypepConses(t *eval.Thread, a, b lisp.Value) (sub, sure, done bool) {
	aCar, aCdr, aCons := consTypeParts(a)
	bCar, bCdr, bCons := consTypeParts(b)
	if !aCons && !bCons {
		return false, false, false
	}
	// cons against a name, or a name against cons: the lattice's.
	if _, plain := a.(*lisp.Symbol); plain && !bCons {
		return false, false, false
	}
	if _, plain := b.(*lisp.Symbol); plain && !aCons {
		return false, false, false
	}
	if aCons && (surelyEmpty(t, aCar) || surelyEmpty(t, aCdr)) {
		return true, true, true
	}
	switch {
	case aCons && bCons:
		s1, c1 := subtypep(t, aCar, bCar)
		s2, c2 := subtypep(t, aCdr, bCdr)
		if s1 && s2 {
			return true, true, true
		}
		// A part surely outside its counterpart holds an object; a "no"
		// needs the other part to hold one too.
		if !s1 && c1 && surelyInhabitedType(t, aCdr) || !s2 && c2 && surelyInhabitedType(t, aCar) {
			return false, true, true
		}
		return false, false, true
	case aCons:
		if _, isName := b.(*lisp.Symbol); !isName || b == lisp.Value(lisp.Nil) {
			return false, false, false
		}
		if s, _ := subtypep(t, lisp.Intern("CONS"), b); s {
			return true, true, true
		}
		// No standard type name but cons's supertypes holds a cons.
		if bn, ok := atomicTypeName(t, b); ok && !typeAncestor(t, "CONS", bn) && surelyInhabitedType(t, a) {
			return false, true, true
		}
		return false, false, true
	default:
		// a is no cons type: a standard type name outside cons has
		// objects that are no conses.
		name, ok := atomicTypeName(t, a)
		if !ok {
			return false, false, false
		}
		if s, c := subtypep(t, a, lisp.Intern("CONS")); !s && c && name != "NIL" {
			return false, true, true
		}
		return false, false, true
	}
}

// typeFamilies are the standard types no two of which share an object.
var typeFamilies = []string{"REAL", "COMPLEX", "CHARACTER", "SYMBOL", "ARRAY", "CONS",
	"HASH-TABLE", "FUNCTION", "STREAM", "PACKAGE", "PATHNAME", "RANDOM-STATE", "READTABLE", "CONDITION", "RESTART"}

// typeFamily is the one family a standard type name is within, "" when
// it is within none (t, atom, number, list, sequence) or several.
func typeFamily(t *eval.Thread, name string) string {
	found := ""
	for _, f := range typeFamilies {
		if typeAncestor(t, name, f) {
			if found != "" {
				return ""
			}
			found = f
		}
	}
	return found
}

// compoundHeadName is the standard type name a compound type is within,
// (integer 0 5) within integer, (complex float) within complex.
func compoundHeadName(t *eval.Thread, spec lisp.Value) (string, bool) {
	c, ok := spec.(*lisp.Cons)
	if !ok {
		return "", false
	}
	head, ok := c.Car.(*lisp.Symbol)
	if !ok {
		return "", false
	}
	if head.Name == "MOD" {
		return "INTEGER", true
	}
	return atomicTypeName(t, head)
}

// surelyInhabited reports whether a compound type of a standard head is
// known to hold an object: a range that is not empty, or an array or
// complex type.
func surelyInhabited(t *eval.Thread, spec lisp.Value, head string) bool {
	if r, ok := intRange(spec); ok {
		return r.lo == nil || r.hi == nil || r.lo.Cmp(r.hi) <= 0
	}
	if r, ok := realRange(spec); ok {
		return !r.empty()
	}
	switch typeFamily(t, head) {
	case "ARRAY":
		return true
	case "COMPLEX":
		c := spec.(*lisp.Cons)
		if part, ok := c.Cdr.(*lisp.Cons); ok {
			return !surelyEmpty(t, part.Car)
		}
		return true
	}
	return false
}

// surelyInhabitedType reports whether spec is known to hold an object:
// t, a standard type name but nil, a cons type of such parts, or a
// compound type surelyInhabited knows.
func surelyInhabitedType(t *eval.Thread, spec lisp.Value) bool {
	if car, cdr, ok := consTypeParts(spec); ok {
		return surelyInhabitedType(t, car) && surelyInhabitedType(t, cdr)
	}
	if name, ok := atomicTypeName(t, spec); ok {
		return name != "NIL"
	}
	if head, ok := compoundHeadName(t, spec); ok {
		return surelyInhabited(t, spec, head)
	}
	return false
}

// subtypepDisjoint answers "no, certainly" for two types of different
// families when the left one holds an object; done is false otherwise.
func subtypepDisjoint(t *eval.Thread, a, b lisp.Value) (sub, sure, done bool) {
	if r, ok := realRange(a); ok && r.empty() {
		return true, true, true // (integer 5 3) has no object
	}
	an, aName := atomicTypeName(t, a)
	bn, bName := atomicTypeName(t, b)
	ah, aCompound := compoundHeadName(t, a)
	bh, bCompound := compoundHeadName(t, b)
	switch {
	case aName && an != "NIL" && bCompound:
		// b is within its head: a name outside the head is outside b.
		if !typeAncestor(t, an, bh) {
			if fa, fb := typeFamily(t, an), typeFamily(t, bh); fa != "" && fb != "" && fa != fb {
				return false, true, true
			}
		}
	case aCompound && bName:
		if fa, fb := typeFamily(t, ah), typeFamily(t, bn); fa != "" && fb != "" && fa != fb && surelyInhabited(t, a, ah) {
			return false, true, true
		}
	}
	return false, false, false
}

// canonicalCompound reads (complex) and (complex *) as complex.
func canonicalCompound(spec lisp.Value) lisp.Value {
	if name, params, ok := typeSpecParts(spec); ok && name == "COMPLEX" {
		if _, isCons := spec.(*lisp.Cons); isCons && (len(params) == 0 || len(params) == 1 && params[0] == lisp.Value(predSymStar)) {
			return lisp.Intern("COMPLEX")
		}
	}
	return spec
}
