package lisp

import "strconv"

// *print-circle*: before printing, one walk finds every object reachable
// more than once (conses, vectors, strings, uninterned symbols: what has
// identity worth showing); the printer then writes #n= before the first
// appearance of each and #n# for the others, so that shared and circular
// structure prints finitely and reads back with the same sharing.

// findShared marks the objects v reaches more than once where the
// printer will print them: the walk stops, as printing does, after
// *print-length* elements of a list or vector and below *print-level*,
// so an object whose second appearance is cut off prints without a
// label. A shared tail where *print-length* ends a list prints as
// . #n# without the pretty printer and as ... with it (lengthFirst), as
// in SBCL. It returns every object it reached.
func (p *printer) findShared(v Value, lengthFirst bool) map[Value]bool {
	// The walk visits objects in the order they print: a list's car
	// before the rest of it (a tail visit: the cell after n elements).
	type visit struct {
		v     Value
		depth int
		tail  bool
		n     int
	}
	seen := map[Value]bool{}
	p.shared = map[Value]int{}
	limit := p.lengthCap()
	stack := []visit{{v: v}}
	for len(stack) > 0 && len(seen) < maxPrintObjects {
		at := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, depth := at.v, at.depth
		if at.tail {
			next, ok := x.(*Cons)
			if !ok || abbreviationPrefix(next) == "," {
				stack = append(stack, visit{v: x, depth: depth + 1}) // . tail
				continue
			}
			if at.n == limit && lengthFirst {
				continue
			}
			if seen[next] {
				p.shared[next] = 0 // . #n#
				continue
			}
			if at.n == limit {
				continue
			}
			seen[next] = true
			stack = append(stack, visit{v: next.Cdr, depth: depth, tail: true, n: at.n + 1}, visit{v: next.Car, depth: depth + 1})
			continue
		}
		if !hasIdentity(x) {
			continue
		}
		if seen[x] {
			p.shared[x] = 0 // printed before: #n# even below *print-level*
			continue
		}
		switch x.(type) {
		case *Cons, *Vector:
			if p.tooDeep(depth) {
				continue // prints as #, not as a first appearance
			}
		}
		seen[x] = true
		switch x := x.(type) {
		case *Vector:
			if !p.o.NoArray && !x.Bits {
				for i := min(len(x.Items), limit) - 1; i >= 0; i-- {
					stack = append(stack, visit{v: x.Items[i], depth: depth + 1})
				}
			}
		case *Cons:
			if limit > 0 { // with *print-length* 0 a list prints as (...)
				stack = append(stack, visit{v: x.Cdr, depth: depth, tail: true, n: 1}, visit{v: x.Car, depth: depth + 1})
			}
		}
	}
	if len(p.shared) == 0 {
		p.shared = nil
	}
	return seen
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
