package builtins

// subtypep between array types. Every array type names a set of arrays by
// three things: whether they are simple, their upgraded element type (the
// kind of storage, one of a few), and their dimensions. string is the
// union of the character kinds (character, base-char and nil, as SBCL
// has them), so an array type is read as a set of element kinds; two
// array types are then compared part by part, and the answer is certain.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// arrayType is an array type specifier read into its parts.
type arrayType struct {
	simple bool
	elems  []string // the upgraded element types it allows; nil for any
	dims   []int    // each dimension, -1 for *; nil with anyRank
	// anyRank is true when the dimensions are * (any rank).
	anyRank bool
}

// stringElems are the element kinds a string may have.
var stringElems = []string{"CHARACTER", "BASE-CHAR", "NIL"}

// upgradedElementName is the storage kind an element type specifier
// gets: nodelisp arrays specialise on characters and bits only, so any
// other type upgrades to t (the character kinds stay apart as SBCL's do,
// so that the string types relate as they do there).
func upgradedElementName(t *eval.Thread, et lisp.Value) string {
	if et == lisp.Value(lisp.Nil) {
		return "NIL"
	}
	if s, ok := et.(*lisp.Symbol); ok {
		switch s.Name {
		case "BIT":
			return "BIT"
		case "CHARACTER", "EXTENDED-CHAR":
			return "CHARACTER"
		case "BASE-CHAR", "STANDARD-CHAR":
			return "BASE-CHAR"
		}
	}
	if sub, _ := subtypep(t, et, lisp.Intern("BIT")); sub {
		return "BIT"
	}
	if sub, _ := subtypep(t, et, lisp.Intern("BASE-CHAR")); sub {
		return "BASE-CHAR"
	}
	if sub, _ := subtypep(t, et, lisp.Intern("CHARACTER")); sub {
		return "CHARACTER"
	}
	return "T"
}

// readArrayType reads spec as an array type; false when it is not one.
func readArrayType(t *eval.Thread, spec lisp.Value) (arrayType, bool) {
	name, params, ok := typeSpecParts(spec)
	if !ok {
		return arrayType{}, false
	}
	star := lisp.Value(predSymStar)
	param := func(i int) lisp.Value {
		if i < len(params) {
			return params[i]
		}
		return star
	}
	// vectorOf is a rank-one type of the element kinds and the size given.
	vectorOf := func(simple bool, elems []string, size lisp.Value) (arrayType, bool) {
		n, ok := arrDimSpec(size)
		return arrayType{simple: simple, elems: elems, dims: []int{n}}, ok
	}
	switch name {
	case "ARRAY", "SIMPLE-ARRAY":
		if len(params) > 2 {
			return arrayType{}, false
		}
		at := arrayType{simple: name == "SIMPLE-ARRAY"}
		if et := param(0); et != star {
			at.elems = []string{upgradedElementName(t, et)}
		}
		switch d := param(1).(type) {
		case lisp.Fixnum:
			if d < 0 || d >= 129 { // array-rank-limit
				return arrayType{}, false
			}
			at.dims = make([]int, d)
			for i := range at.dims {
				at.dims[i] = -1
			}
		case *lisp.Cons, *lisp.Symbol:
			if d == star {
				at.anyRank = true
				break
			}
			for _, x := range lisp.ListToSlice("subtypep", d) {
				n, ok := arrDimSpec(x)
				if !ok {
					return arrayType{}, false
				}
				at.dims = append(at.dims, n)
			}
			if at.dims == nil {
				at.dims = []int{}
			}
		default:
			return arrayType{}, false
		}
		return at, true
	case "VECTOR":
		if len(params) > 2 {
			return arrayType{}, false
		}
		var elems []string
		if et := param(0); et != star {
			elems = []string{upgradedElementName(t, et)}
		}
		return vectorOf(false, elems, param(1))
	case "SIMPLE-VECTOR":
		return vectorOf(true, []string{"T"}, param(0))
	case "STRING", "SIMPLE-STRING":
		return vectorOf(name == "SIMPLE-STRING", stringElems, param(0))
	case "BASE-STRING", "SIMPLE-BASE-STRING":
		return vectorOf(name == "SIMPLE-BASE-STRING", []string{"BASE-CHAR"}, param(0))
	case "BIT-VECTOR", "SIMPLE-BIT-VECTOR":
		return vectorOf(name == "SIMPLE-BIT-VECTOR", []string{"BIT"}, param(0))
	}
	return arrayType{}, false
}

// arrDimSpec reads one dimension of an array type: * or a size.
func arrDimSpec(v lisp.Value) (int, bool) {
	if v == lisp.Value(predSymStar) {
		return -1, true
	}
	n, ok := v.(lisp.Fixnum)
	return int(n), ok && n >= 0
}

// within reports whether every array of type a is of type b.
func (a arrayType) within(b arrayType) bool {
	if b.simple && !a.simple {
		return false
	}
	if b.elems != nil {
		if a.elems == nil {
			return false
		}
		for _, e := range a.elems {
			if !containsString(b.elems, e) {
				return false
			}
		}
	}
	if b.anyRank {
		return true
	}
	if a.anyRank || len(a.dims) != len(b.dims) {
		return false
	}
	for i, d := range b.dims {
		if d >= 0 && a.dims[i] != d {
			return false
		}
	}
	return true
}

// latticeName is the atomic type name an array type falls under, to
// compare it with a type that is not an array type (sequence, atom).
func (a arrayType) latticeName() string {
	if !a.anyRank && len(a.dims) == 1 {
		return "VECTOR"
	}
	return "ARRAY"
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// subtypepArrays answers subtypep when either side is an array type;
// done is false otherwise.
func subtypepArrays(t *eval.Thread, a, b lisp.Value) (sub, sure, done bool) {
	aa, aok := readArrayType(t, a)
	ba, bok := readArrayType(t, b)
	switch {
	case aok && bok:
		return aa.within(ba), true, true
	case aok:
		if nb, ok := atomicTypeName(t, b); ok {
			return typeAncestor(t, aa.latticeName(), nb), true, true
		}
	case bok:
		if _, ok := atomicTypeName(t, a); ok && a != lisp.Value(lisp.Nil) {
			// No type of the lattice that is not an array type lies
			// within one (its objects are not arrays, or, for sequence
			// and atom, not all of them).
			return false, true, true
		}
	}
	return false, false, false
}
