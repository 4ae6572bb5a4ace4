package reader

import "github.com/nodelisp/nodelisp/lisp"

// Reader labels: #n=object gives object the label n within one top-level
// read, and #n# stands for it, so shared and circular structure reads
// back as the *print-circle* printer writes it. A #n# met inside its own
// object is first read as a placeholder, which is replaced by the object
// once it is complete.

// labelRef is the placeholder for a label whose object is still being read.
type labelRef struct{ n string }

// readLabelDef reads the object after #n=.
func (r *Reader) readLabelDef(start lisp.Pos, n string) lisp.Value {
	if n == "" {
		r.fail(start, "#= needs a label number: #1=")
	}
	if r.labels == nil {
		r.labels = map[string]lisp.Value{}
	}
	if _, dup := r.labels[n]; dup {
		r.fail(start, "label #"+n+"= is defined twice")
	}
	ref := &labelRef{n}
	r.labels[n] = ref
	v := r.readObject(start, "#"+n+"=")
	if v == lisp.Value(ref) {
		r.fail(start, "#"+n+"= #"+n+"# labels nothing")
	}
	r.labels[n] = v
	replaceRef(v, ref, map[lisp.Value]bool{})
	return v
}

// readLabelRef reads #n#.
func (r *Reader) readLabelRef(start lisp.Pos, n string) lisp.Value {
	v, ok := r.labels[n]
	if !ok || n == "" {
		r.fail(start, "#"+n+"# refers to no label defined before it")
	}
	return v
}

// replaceRef puts v in place of ref everywhere inside v.
func replaceRef(v lisp.Value, ref *labelRef, seen map[lisp.Value]bool) {
	stack := []lisp.Value{v}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := x.(type) {
		case *lisp.Cons:
			if seen[x] {
				continue
			}
			seen[x] = true
			if x.Car == lisp.Value(ref) {
				x.Car = v
			}
			if x.Cdr == lisp.Value(ref) {
				x.Cdr = v
			}
			stack = append(stack, x.Car, x.Cdr)
		case *lisp.Vector:
			if seen[x] {
				continue
			}
			seen[x] = true
			for i, item := range x.Items {
				if item == lisp.Value(ref) {
					x.Items[i] = v
				}
				stack = append(stack, item)
			}
		}
	}
}

// readBitVector reads the bits after #* (or #n*, whose last bit repeats to
// fill n) as a bit vector.
func (r *Reader) readBitVector(start lisp.Pos, arg string) lisp.Value {
	var items []lisp.Value
	for c, ok := r.peek(); ok && !r.isTerminator(c); c, ok = r.peek() {
		r.next()
		switch c {
		case '0':
			items = append(items, lisp.Fixnum(0))
		case '1':
			items = append(items, lisp.Fixnum(1))
		default:
			r.fail(start, "bad bit vector: "+string(c)+" is not 0 or 1")
		}
	}
	r.lastWasToken = true
	if arg != "" {
		n := 0
		for _, d := range arg {
			n = n*10 + int(d-'0')
			if n > 1<<24 {
				r.fail(start, "bit vector #"+arg+"* is too long")
			}
		}
		if len(items) > n || len(items) == 0 && n > 0 {
			r.fail(start, "bit vector #"+arg+"* has the wrong number of bits")
		}
		for len(items) < n {
			items = append(items, items[len(items)-1])
		}
	}
	if items == nil {
		items = []lisp.Value{}
	}
	return &lisp.Vector{Items: items, Bits: true}
}
