package lisp

// The pretty printer's side of printing: logical blocks over lists with
// pprint-pop's checks, and the layouts of lists, vectors and arrays that
// SBCL's standard pprint dispatch table chooses (forms in
// pretty_forms.go). Every layout writes text to the printer's builder and
// operations to its ppStream; pretty_layout.go then breaks the lines.

// ppList is the list a logical block prints, popped element by element as
// pprint-pop does: a dotted tail prints as ". x", *print-length* ends the
// block with "...", and with *print-circle* a shared tail prints as
// ". #n#". Once one of these ended the block, ended is set and the
// layout's later steps write nothing.
type ppList struct {
	p     *printer
	rest  Value
	n     int
	depth int
	ended bool
}

// more reports whether elements remain (pprint-exit-if-list-exhausted).
func (l *ppList) more() bool { return !l.ended && l.rest != Value(Nil) }

// gap is the space and conditional newline of kind between two elements
// of a form: it reports false, printing nothing, when no element is left.
func (l *ppList) gap(kind ppKind) bool {
	if !l.more() {
		return false
	}
	l.text(" ")
	l.newline(kind)
	return true
}

// pop returns the next element, or false when the block ends here.
func (l *ppList) pop() (Value, bool) {
	if l.ended {
		return nil, false
	}
	p := l.p
	c, ok := l.rest.(*Cons)
	switch {
	case !ok || abbreviationPrefix(c) == "," || abbreviationPrefix(c) == "`":
		p.b.WriteString(". ")
		p.print(l.rest, l.depth+1)
		l.ended = true
		return nil, false
	case l.n == p.lengthCap():
		p.b.WriteString("...")
		l.ended = true
		return nil, false
	case l.n > 0 && p.shared != nil && p.isShared(c):
		p.b.WriteString(". ")
		p.print(c, l.depth+1)
		l.ended = true
		return nil, false
	}
	l.n++
	l.rest = c.Cdr
	return c.Car, true
}

// obj pops the next element and prints it (~W).
func (l *ppList) obj() {
	if v, ok := l.pop(); ok {
		l.p.print(v, l.depth+1)
	}
}

// text writes literal text, unless the block has ended.
func (l *ppList) text(s string) {
	if !l.ended {
		l.p.b.WriteString(s)
	}
}

func (l *ppList) newline(kind ppKind) {
	if !l.ended {
		l.p.pp.newline(kind, l.p.b.Len())
	}
}

func (l *ppList) indent(kind ppKind, n int) {
	if !l.ended {
		l.p.pp.indentation(kind, n, l.p.b.Len())
	}
}

// sub prints the next element with layout as a logical block of its own
// (~:<…~:> on it), or as an object when it is not a list.
func (l *ppList) sub(prefix, suffix string, layout func(*ppList)) {
	if v, ok := l.pop(); ok {
		l.p.listBlock(v, l.depth+1, prefix, suffix, layout)
	}
}

// listBlock prints v inside a logical block with prefix and suffix, the
// body laid out by layout; a v that is not a list prints as an object.
func (p *printer) listBlock(v Value, depth int, prefix, suffix string, layout func(*ppList)) {
	if !IsList(v) {
		p.print(v, depth)
		return
	}
	if c, ok := v.(*Cons); ok && abbreviationPrefix(c) == "`" {
		p.print(v, depth)
		return
	}
	if p.tooDeep(depth) {
		p.b.WriteByte('#')
		return
	}
	p.b.WriteString(prefix)
	p.pp.startBlock(p.b.Len(), "", suffix)
	layout(&ppList{p: p, rest: v, depth: depth})
	p.pp.endBlock(p.b.Len())
	p.b.WriteString(suffix)
}

// fill is pprint-fill's body: the elements with fill newlines between.
func fill(l *ppList) { separated(l, ppFill) }

// linear is pprint-linear's body.
func linear(l *ppList) { separated(l, ppLinear) }

func separated(l *ppList, kind ppKind) {
	if !l.more() {
		return
	}
	for {
		l.obj()
		if !l.more() {
			return
		}
		l.text(" ")
		l.newline(kind)
	}
}

// prettyVector prints a vector as SBCL's pprint-array does: fill newlines
// between the elements.
func (p *printer) prettyVector(v *Vector, depth int) {
	if p.tooDeep(depth) {
		p.b.WriteByte('#')
		return
	}
	p.b.WriteString("#(")
	p.pp.startBlock(p.b.Len(), "", ")")
	limit := p.lengthCap()
	for i, item := range v.Items {
		if i > 0 {
			p.b.WriteByte(' ')
			p.pp.newline(ppFill, p.b.Len())
		}
		if i == limit || p.objects > maxPrintObjects {
			p.b.WriteString("...")
			break
		}
		p.print(item, depth+1)
	}
	p.pp.endBlock(p.b.Len())
	p.b.WriteByte(')')
}

// prettyArray prints an array of rank two or more as SBCL does: a block a
// row, linear newlines between rows and fill newlines between elements.
func (p *printer) prettyArray(a *Array, depth int) {
	p.b.WriteByte('#')
	p.b.WriteString(itoa(len(a.Dims)))
	p.b.WriteByte('A')
	p.prettySlice(a, 0, 0, depth)
}

func (p *printer) prettySlice(a *Array, axis, offset, depth int) {
	if axis == len(a.Dims) {
		p.print(a.Items[offset], depth)
		return
	}
	if p.tooDeep(depth) {
		p.b.WriteByte('#')
		return
	}
	stride := 1
	for _, d := range a.Dims[axis+1:] {
		stride *= d
	}
	kind := ppFill
	if axis < len(a.Dims)-1 {
		kind = ppLinear
	}
	p.b.WriteByte('(')
	p.pp.startBlock(p.b.Len(), "", ")")
	limit := p.lengthCap()
	for i := range a.Dims[axis] {
		if i > 0 {
			p.b.WriteByte(' ')
			p.pp.newline(kind, p.b.Len())
		}
		if i == limit {
			p.b.WriteString("...")
			break
		}
		p.prettySlice(a, axis+1, offset+i*stride, depth+1)
	}
	p.pp.endBlock(p.b.Len())
	p.b.WriteByte(')')
}
