package builtins

import "github.com/nodelisp/nodelisp/lisp"

// arrMakeDisplacedArray is make-array of an array of rank other than one
// displaced to the :displaced-to array: its elements are a window on the
// target's from the offset on, in row-major order, so a store through
// either is seen through the other. The window shares the target's
// storage, so the target must be one whose storage never moves: an array
// of rank other than one, or a vector that is neither adjustable nor
// displaced nor with a fill pointer. A string's characters cannot be
// shared.
func arrMakeDisplacedArray(dims []int, kw kwargs) *lisp.Array {
	const op = "make-array"
	target, _ := kw.get("displaced-to")
	offset := 0
	if o, ok := kw.get("displaced-index-offset"); ok {
		offset = indexArg(op, o)
	}
	for _, k := range []string{"initial-element", "initial-contents"} {
		if _, ok := kw.get(k); ok {
			lisp.Errorf("%s: a displaced array takes no :%s", op, k)
		}
	}
	if f, ok := kw.get("fill-pointer"); ok && f != lisp.Value(lisp.Nil) {
		lisp.Errorf("%s: only a vector can have a fill pointer, not an array of rank %d", op, len(dims))
	}
	et := kw.or("element-type", lisp.T)
	var storage []lisp.Value
	var targetType *lisp.Symbol
	switch x := target.(type) {
	case *lisp.Array:
		storage, targetType = x.Items, x.ElementType
	case *lisp.Vector:
		if x.Adjustable || x.FillPointer || x.DisplacedTo != nil {
			lisp.Errorf("%s: an array of rank %d displaced to an adjustable, displaced or fill-pointered vector is not supported", op, len(dims))
		}
		storage = x.Items
		if x.Bits {
			targetType = lisp.Intern("BIT")
		}
	case *lisp.String:
		lisp.Errorf("%s: an array of rank %d displaced to a string is not supported", op, len(dims))
	default:
		lisp.TypeError(op, target, "an array to displace to")
	}
	var elementType *lisp.Symbol
	switch {
	case seqIsCharType(et):
		elementType = lisp.Intern("CHARACTER")
	case arrIsBitType(et):
		elementType = lisp.Intern("BIT")
	}
	if elementType != targetType {
		name := "T"
		if targetType != nil {
			name = targetType.Name
		}
		lisp.Errorf("%s: an array of element type %s cannot be displaced to an array of element type %s", op, lisp.Prin1ToString(et), name)
	}
	total := 1
	for _, d := range dims {
		total *= d
	}
	if offset+total > len(storage) {
		lisp.Errorf("%s: %d elements from offset %d do not fit in the %d of the array displaced to", op, total, offset, len(storage))
	}
	return &lisp.Array{Dims: dims, Items: storage[offset : offset+total : offset+total], ElementType: elementType,
		DisplacedTo: target, DisplacedOffset: offset}
}
