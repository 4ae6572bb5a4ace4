package lisp

// prettyInstance prints an instance under *print-pretty*. The text of a
// print-object method or :print-function, and a structure whose type is
// not yet known, print on one line and are checked for width.
func (p *printer) prettyInstance(x *Instance, depth int) {
	if x.Class.Print != nil {
		if s, ok := x.Class.Print(x, p.escape); ok {
			p.unsure = "the text of a print-object method (or :print-function)"
			p.b.WriteString(s)
			return
		}
	}
	switch {
	case !x.IsStructure():
		p.instanceDefault(x, depth)
	case x.Class.Kind == UnresolvedClass:
		p.unsure = "a structure literal of a type not yet defined"
		saved := p.pp
		p.pp = nil
		p.instanceDefault(x, depth)
		p.pp = saved
	default:
		p.prettyStruct(x, depth)
	}
}

// prettyStruct prints a structure as SBCL's pretty printer does: a
// logical block "#S(" … ")" holding the type name and, for each slot, a
// linear newline, the slot's keyword and its value.
func (p *printer) prettyStruct(x *Instance, depth int) {
	if p.tooDeep(depth) {
		p.b.WriteByte('#')
		return
	}
	if x.outdatedStructure() {
		p.outdatedStructure(x)
		return
	}
	p.b.WriteString("#S(")
	p.pp.startBlock(p.b.Len(), "", ")")
	p.symbol(x.Class.Name)
	limit := p.lengthCap()
	for i, name := range x.Class.Slots {
		p.b.WriteByte(' ')
		p.pp.newline(ppLinear, p.b.Len())
		if i == limit {
			p.b.WriteString("...")
			break
		}
		if !p.escape {
			p.b.WriteByte(':')
		}
		p.symbol(InternKeyword(name.Name))
		p.b.WriteByte(' ')
		p.pp.newline(ppMiser, p.b.Len())
		if x.Slots[i] == nil {
			p.b.WriteString("#<unbound>")
			continue
		}
		p.print(x.Slots[i], depth+1)
	}
	p.pp.endBlock(p.b.Len())
	p.b.WriteByte(')')
}
