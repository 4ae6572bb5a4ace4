package reader

import (
	"strconv"

	"github.com/nodelisp/nodelisp/lisp"
)

// maxArrayRank bounds the rank #nA accepts, so a hostile "#99999999A"
// cannot make the reader walk that deep.
const maxArrayRank = 64

// readArray reads #nA contents: an array of rank n whose elements are the
// nested sequences of contents, n deep (#2A((1 2) (3 4)); #0A x is a
// zero-rank array holding x). The dimensions are the lengths of the first
// sequence at each depth, and every sequence at a depth must have that
// length. start is the position of the #.
func (r *Reader) readArray(start lisp.Pos, arg string) lisp.Value {
	if arg == "" {
		return r.readTypedArray(start)
	}
	rank, err := strconv.Atoi(arg)
	if err != nil || rank > maxArrayRank {
		r.fail(start, "bad rank in #"+arg+"A: at most "+strconv.Itoa(maxArrayRank))
	}
	contents := r.readObject(start, "#"+arg+"A")
	if r.suppress {
		return lisp.Nil
	}
	if rank == 1 {
		items, ok := sequenceItems(contents)
		if !ok {
			r.fail(start, "#1A needs a proper sequence")
		}
		return &lisp.Vector{Items: items}
	}
	dims := make([]int, 0, rank)
	level := contents
	for range rank {
		items, ok := sequenceItems(level)
		if !ok {
			r.fail(start, "#"+arg+"A needs proper sequences nested "+arg+" deep; at depth "+strconv.Itoa(len(dims)+1)+" there is none")
		}
		dims = append(dims, len(items))
		if len(items) == 0 {
			break
		}
		level = items[0]
	}
	for len(dims) < rank { // an empty sequence above: the deeper sizes are 0
		dims = append(dims, 0)
	}
	a := &lisp.Array{Dims: dims}
	var walk func(v lisp.Value, depth int)
	walk = func(v lisp.Value, depth int) {
		if depth == rank {
			a.Items = append(a.Items, v)
			return
		}
		items, ok := sequenceItems(v)
		if !ok || len(items) != dims[depth] {
			r.fail(start, "#"+arg+"A: the contents are not a regular "+arg+"-dimensional nesting")
		}
		for _, it := range items {
			walk(it, depth+1)
		}
	}
	walk(contents, 0)
	return a
}

// sequenceItems are the elements of a proper list, vector or string; a
// dotted or circular list (made with #n= labels) is none.
func sequenceItems(v lisp.Value) ([]lisp.Value, bool) {
	switch s := v.(type) {
	case *lisp.Vector:
		return s.Items, true
	case *lisp.String:
		var items []lisp.Value
		for _, c := range s.S {
			items = append(items, lisp.Char(c))
		}
		return items, true
	}
	var items []lisp.Value
	slow := v
	for v != lisp.Value(lisp.Nil) {
		c, ok := v.(*lisp.Cons)
		if !ok {
			return nil, false
		}
		items = append(items, c.Car)
		v = c.Cdr
		if len(items)%2 == 0 { // the slow pointer moves every other step
			slow = slow.(*lisp.Cons).Cdr
			if slow == v && v != lisp.Value(lisp.Nil) {
				return nil, false
			}
		}
	}
	return items, true
}
