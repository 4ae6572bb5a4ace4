package reader

import (
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// readTypedArray reads #A(dimensions element-type . contents), the form
// *print-readably* gives an array whose element type is not t:
// #A((2 2) BIT #*10 #*01), #A(NIL CHARACTER . #\x). The contents nest as
// #nA's do, as many deep as there are dimensions, and must have exactly
// those lengths. The element type is upgraded as make-array upgrades it:
// a character type or bit, anything else t.
func (r *Reader) readTypedArray(start lisp.Pos) lisp.Value {
	const form = "#A(dimensions element-type . contents)"
	v := r.readObject(start, "#A")
	if r.suppress {
		return lisp.Nil
	}
	head, ok := v.(*lisp.Cons)
	var rest *lisp.Cons
	if ok {
		rest, ok = head.Cdr.(*lisp.Cons)
	}
	if !ok {
		r.fail(start, "#A without a rank needs "+form)
	}
	dims, ok := dimensionList(head.Car)
	if !ok {
		r.fail(start, "#A: the dimensions must be a list of at most "+strconv.Itoa(maxArrayRank)+" non-negative integers, not "+lisp.Prin1ToString(head.Car))
	}
	var items []lisp.Value
	if len(dims) == 0 {
		items = []lisp.Value{rest.Cdr}
	} else {
		items = r.typedContents(start, dims, rest.Cdr)
	}
	elem := upgradedElementType(rest.Car)
	for _, it := range items {
		if !fitsElementType(elem, it) {
			r.fail(start, "#A: "+lisp.Prin1ToString(it)+" is not of element type "+lisp.Prin1ToString(rest.Car))
		}
	}
	if len(dims) == 1 {
		switch elem {
		case "CHARACTER":
			var b strings.Builder
			for _, it := range items {
				b.WriteRune(rune(it.(lisp.Char)))
			}
			return lisp.NewString(b.String())
		case "BIT":
			return &lisp.Vector{Items: items, Bits: true}
		}
		return &lisp.Vector{Items: items}
	}
	a := &lisp.Array{Dims: dims, Items: items}
	if elem != "T" {
		a.ElementType = lisp.Intern(elem)
	}
	return a
}

// typedContents walks contents along dims in row-major order.
func (r *Reader) typedContents(start lisp.Pos, dims []int, contents lisp.Value) []lisp.Value {
	// No room is made ahead for the dimensions' product: the contents,
	// already read, bound what the walk can collect.
	var items []lisp.Value
	var walk func(v lisp.Value, depth int)
	walk = func(v lisp.Value, depth int) {
		if depth == len(dims) {
			items = append(items, v)
			return
		}
		level, ok := sequenceItems(v)
		if !ok || len(level) != dims[depth] {
			r.fail(start, "#A: the contents do not match the dimensions "+lisp.Prin1ToString(dimsValue(dims)))
		}
		for _, it := range level {
			walk(it, depth+1)
		}
	}
	walk(contents, 0)
	return items
}

// dimensionList is v as a list of dimensions, each small enough that
// their product stays an int.
func dimensionList(v lisp.Value) ([]int, bool) {
	items, ok := sequenceItems(v)
	if !ok || len(items) > maxArrayRank {
		return nil, false
	}
	dims := make([]int, len(items))
	total := 1
	for i, it := range items {
		n, ok := it.(lisp.Fixnum)
		if !ok || n < 0 || n > 1<<30 {
			return nil, false
		}
		dims[i] = int(n)
		if total *= max(dims[i], 1); total > 1<<30 {
			return nil, false
		}
	}
	return dims, true
}

func dimsValue(dims []int) lisp.Value {
	vs := make([]lisp.Value, len(dims))
	for i, d := range dims {
		vs[i] = lisp.Fixnum(d)
	}
	return lisp.List(vs...)
}

// upgradedElementType names the element type make-array gives an array
// asked to hold et: CHARACTER, BIT or T.
func upgradedElementType(et lisp.Value) string {
	if s, ok := et.(*lisp.Symbol); ok {
		switch s.Name {
		case "CHARACTER", "BASE-CHAR", "STANDARD-CHAR":
			return "CHARACTER"
		case "BIT":
			return "BIT"
		}
	}
	return "T"
}

func fitsElementType(elem string, v lisp.Value) bool {
	switch elem {
	case "CHARACTER":
		_, ok := v.(lisp.Char)
		return ok
	case "BIT":
		return v == lisp.Value(lisp.Fixnum(0)) || v == lisp.Value(lisp.Fixnum(1))
	}
	return true
}
