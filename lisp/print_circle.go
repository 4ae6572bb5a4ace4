package lisp

import "strconv"

// *print-circle*: before printing, one walk finds every object reachable
// more than once (conses, vectors, strings, uninterned symbols: what has
// identity worth showing); the printer then writes #n= before the first
// appearance of each and #n# for the others, so that shared and circular
// structure prints finitely and reads back with the same sharing.

// findShared marks the objects v reaches more than once.
func (p *printer) findShared(v Value) {
	seen := map[Value]bool{}
	p.shared = map[Value]int{}
	stack := []Value{v}
	for len(stack) > 0 && len(seen) < maxPrintObjects {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for {
			if !hasIdentity(x) {
				break
			}
			if seen[x] {
				p.shared[x] = 0
				break
			}
			seen[x] = true
			c, ok := x.(*Cons)
			if !ok {
				if vec, ok := x.(*Vector); ok {
					for i := len(vec.Items) - 1; i >= 0; i-- {
						stack = append(stack, vec.Items[i])
					}
				}
				break
			}
			stack = append(stack, c.Car)
			x = c.Cdr
		}
	}
	if len(p.shared) == 0 {
		p.shared = nil
	}
}

// hasIdentity reports whether the circle printer labels x when shared.
func hasIdentity(x Value) bool {
	switch x := x.(type) {
	case *Cons, *Vector, *String:
		return true
	case *Symbol:
		return !isInterned(x)
	}
	return false
}

// isShared reports whether x is labelled.
func (p *printer) isShared(x Value) bool {
	if !hasIdentity(x) {
		return false
	}
	_, ok := p.shared[x]
	return ok
}

// label writes #n# and reports true for a shared object already printed;
// for one printed the first time it writes #n= and reports false.
func (p *printer) label(x Value) bool {
	if !p.isShared(x) {
		return false
	}
	if n := p.shared[x]; n > 0 {
		p.b.WriteByte('#')
		p.b.WriteString(itoa(n))
		p.b.WriteByte('#')
		return true
	}
	p.lastLabel++
	p.shared[x] = p.lastLabel
	p.b.WriteByte('#')
	p.b.WriteString(itoa(p.lastLabel))
	p.b.WriteByte('=')
	return false
}

func itoa(n int) string { return strconv.Itoa(n) }
