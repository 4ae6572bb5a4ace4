package lisp

// Printing readably an array that #nA syntax would not give back: one
// whose element type is not t (characters or bits), as #2A((#\a #\b))
// reads back as an array of element type t, and one whose dimensions its
// contents do not show (#2A() is 0 by 0, not 0 by 2). It prints as
// #A(dimensions element-type . contents) instead, as SBCL prints it:
// #A((2 2) BIT #*10 #*01), #A(NIL CHARACTER . #\x), #A((0 2) T).

// typedArray prints a so when *print-readably* is true and #nA syntax
// would not do, and reports whether it did.
func (p *printer) typedArray(a *Array, depth int) bool {
	if !p.o.Readably || a.ElementType == nil && dimensionsShown(a.Dims) {
		return false
	}
	elementType := a.ElementType
	if elementType == nil {
		elementType = T
	}
	p.b.WriteString("#A(")
	if len(a.Dims) == 0 {
		p.symbol(Nil)
	} else {
		p.b.WriteByte('(')
		for i, d := range a.Dims {
			if i > 0 {
				p.b.WriteByte(' ')
			}
			p.print(Fixnum(d), depth+1)
		}
		p.b.WriteByte(')')
	}
	p.b.WriteByte(' ')
	p.symbol(elementType)
	if len(a.Dims) == 0 {
		p.b.WriteString(" . ")
		p.print(a.Items[0], depth+1)
		p.b.WriteByte(')')
		return true
	}
	stride := 1
	for _, d := range a.Dims[1:] {
		stride *= d
	}
	for i := range a.Dims[0] {
		p.b.WriteByte(' ')
		p.typedSlice(a, 1, i*stride, depth+1)
	}
	p.b.WriteByte(')')
	return true
}

// typedSlice prints the elements of a from offset along axis: a bit
// array's innermost rows as bit vectors, every other level as a list.
func (p *printer) typedSlice(a *Array, axis, offset, depth int) {
	if axis == len(a.Dims) {
		p.print(a.Items[offset], depth)
		return
	}
	n := a.Dims[axis]
	if axis == len(a.Dims)-1 && a.ElementType != nil && a.ElementType.Name == "BIT" {
		p.bits(&Vector{Items: a.Items[offset : offset+n]})
		return
	}
	if n == 0 {
		p.symbol(Nil) // an empty list, as the list it stands for prints
		return
	}
	stride := 1
	for _, d := range a.Dims[axis+1:] {
		stride *= d
	}
	p.b.WriteByte('(')
	for i := range n {
		if i > 0 {
			p.b.WriteByte(' ')
		}
		p.typedSlice(a, axis+1, offset+i*stride, depth+1)
	}
	p.b.WriteByte(')')
}

// dimensionsShown reports whether #nA contents show the dimensions: the
// reader takes each from the first sequence at its depth, so none may
// follow a zero one but zeros.
func dimensionsShown(dims []int) bool {
	zero := false
	for _, d := range dims {
		if zero && d != 0 {
			return false
		}
		zero = zero || d == 0
	}
	return true
}
