package lisp

// Printing bit vectors (#*1011) and arrays of rank other than one
// (#2A((1 2) (3 4))).

func (p *printer) bits(v *Vector) {
	p.b.WriteString("#*")
	for _, item := range v.Items {
		if item == Value(Fixnum(1)) {
			p.b.WriteByte('1')
		} else {
			p.b.WriteByte('0')
		}
	}
}

func (p *printer) array(a *Array, depth int) {
	if p.o.NoArray {
		p.b.WriteString("#<(" + p.cased("SIMPLE-ARRAY") + " " + p.cased("T") + " ")
		p.dims(a.Dims)
		p.b.WriteString(")>")
		return
	}
	if p.tooDeep(depth) {
		p.b.WriteByte('#')
		return
	}
	p.b.WriteByte('#')
	p.b.WriteString(itoa(len(a.Dims)))
	p.b.WriteByte('A')
	if len(a.Dims) == 0 {
		p.print(a.Items[0], depth+1)
		return
	}
	p.slice(a, 0, 0, depth)
}

// slice prints the elements of a from offset along axis as a nested list.
func (p *printer) slice(a *Array, axis, offset, depth int) {
	if p.tooDeep(depth) {
		p.b.WriteByte('#')
		return
	}
	stride := 1
	for _, d := range a.Dims[axis+1:] {
		stride *= d
	}
	limit := p.lengthCap()
	p.b.WriteByte('(')
	for i := range a.Dims[axis] {
		if i > 0 {
			p.b.WriteByte(' ')
		}
		if i == limit {
			p.b.WriteString("...")
			break
		}
		if axis == len(a.Dims)-1 {
			p.print(a.Items[offset+i], depth+1)
		} else {
			p.slice(a, axis+1, offset+i*stride, depth+1)
		}
	}
	p.b.WriteByte(')')
}

func (p *printer) dims(dims []int) {
	p.b.WriteByte('(')
	for i, d := range dims {
		if i > 0 {
			p.b.WriteByte(' ')
		}
		p.b.WriteString(itoa(d))
	}
	p.b.WriteByte(')')
}
