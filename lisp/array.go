package lisp

// Array is an array of rank other than one (a matrix, a zero-rank box):
// its dimensions and its elements in row-major order. Rank-one arrays are
// *Vector or *String.
type Array struct {
	Dims  []int
	Items []Value
	// ElementType is CHARACTER or BIT for an array made to hold only
	// those, whose stores are checked; nil for any object (t).
	ElementType *Symbol
	// A displaced array's Items share the storage of DisplacedTo (an
	// *Array or a *Vector whose storage never moves) from
	// DisplacedOffset on.
	DisplacedTo     Value
	DisplacedOffset int
}

// RowMajorIndex returns the row-major index of subscripts, or false when
// there are the wrong number of them or one is out of bounds.
func (a *Array) RowMajorIndex(subscripts []int) (int, bool) {
	if len(subscripts) != len(a.Dims) {
		return 0, false
	}
	i := 0
	for axis, s := range subscripts {
		if s < 0 || s >= a.Dims[axis] {
			return 0, false
		}
		i = i*a.Dims[axis] + s
	}
	return i, true
}

// equalBits is equal on a bit vector x: like strings, bit vectors are
// equal when their bits are.
func equalBits(x *Vector, b Value) bool {
	y, ok := b.(*Vector)
	if !ok || !y.Bits || len(x.Items) != len(y.Items) {
		return false
	}
	for i := range x.Items {
		if x.Items[i] != y.Items[i] {
			return false
		}
	}
	return true
}
