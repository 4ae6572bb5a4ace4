package builtins

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Arrays of any rank and bit vectors. A rank-one array is a vector (or a
// string, or a bit vector: a vector of the fixnums 0 and 1 flagged Bits);
// any other rank is a *lisp.Array holding its elements in row-major order.

func registerArrays() {
	defun("make-array", "(dimensions &key element-type initial-element initial-contents adjustable fill-pointer)", "Return a new array of the dimensions (a string for element type character, a bit vector for bit).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("make-array", args[1:], "element-type", "initial-element", "initial-contents", "adjustable", "fill-pointer", "displaced-to", "displaced-index-offset")
		dims := arrDims(args[0])
		if len(dims) == 1 {
			return seqMakeArray(t, args[0], kw)
		}
		if d, ok := kw.get("displaced-to"); ok && d != lisp.Value(lisp.Nil) {
			return arrMakeDisplacedArray(dims, kw)
		}
		return arrMake(t, dims, kw)
	})
	defun("aref", "(array &rest subscripts)", "Return the element of the array at the subscripts.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if a, ok := args[0].(*lisp.Array); ok {
			return a.Items[arrIndex("aref", a, args[1:])]
		}
		return arrVectorRef("aref", seqArrayArg("aref", args[0]), seqOneSubscript("aref", args[1:]))
	})
	defun("%set-aref", "(array subscript… value)", "Store value at the subscripts of the array and return it (the setf of aref).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		v := args[len(args)-1]
		subs := args[1 : len(args)-1]
		if a, ok := args[0].(*lisp.Array); ok {
			i := arrIndex("aref", a, subs)
			arrCheckElement("aref", a, v)
			a.Items[i] = v
			return v
		}
		arrVectorSet("aref", seqArrayArg("aref", args[0]), seqOneSubscript("aref", subs), v)
		return v
	})
	for _, name := range []string{"bit", "sbit"} {
		defun(name, "(bit-array &rest subscripts)", "Return the bit of the bit vector at the index.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return seqElt(name, arrBitVector(name, args[0]), seqOneSubscript(name, args[1:]))
		})
	}
	defun("%set-bit", "(bit-vector index bit)", "Store the bit at the index and return it (the setf of bit and sbit).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		arrSetVectorElt("bit", arrBitVector("bit", args[0]), args[1], args[2])
		return args[2]
	})
	defun("row-major-aref", "(array index)", "Return the element of the array at the row-major index.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if a, ok := args[0].(*lisp.Array); ok {
			return a.Items[arrRowMajor("row-major-aref", a, args[1])]
		}
		return arrVectorRef("row-major-aref", seqArrayArg("row-major-aref", args[0]), args[1])
	})
	defun("%set-row-major-aref", "(array index value)", "Store value at the row-major index of the array and return it (the setf of row-major-aref).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if a, ok := args[0].(*lisp.Array); ok {
			i := arrRowMajor("row-major-aref", a, args[1])
			arrCheckElement("row-major-aref", a, args[2])
			a.Items[i] = args[2]
			return args[2]
		}
		arrVectorSet("row-major-aref", seqArrayArg("row-major-aref", args[0]), args[1], args[2])
		return args[2]
	})
	defun("array-dimension", "(array axis)", "Return the size of the array along the axis.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		dims := arrDimensions("array-dimension", args[0])
		axis := indexArg("array-dimension", args[1])
		if axis >= len(dims) {
			lisp.Errorf("array-dimension: axis %d is beyond the array's rank %d", axis, len(dims))
		}
		return lisp.MakeInt(int64(dims[axis]))
	})
	defun("array-dimensions", "(array)", "Return the list of the array's dimensions.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return arrDimList(arrDimensions("array-dimensions", args[0]))
	})
	defun("array-total-size", "(array)", "Return the total number of elements the array holds (ignoring a fill pointer).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := 1
		for _, d := range arrDimensions("array-total-size", args[0]) {
			n *= d
		}
		return lisp.MakeInt(int64(n))
	})
	defun("array-rank", "(array)", "Return the number of dimensions of the array.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.MakeInt(int64(len(arrDimensions("array-rank", args[0]))))
	})
	defun("array-in-bounds-p", "(array &rest subscripts)", "True if the subscripts are within the array's dimensions.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		dims := arrDimensions("array-in-bounds-p", args[0])
		if len(args)-1 != len(dims) {
			lisp.Errorf("array-in-bounds-p: expected %d subscripts, got %d", len(dims), len(args)-1)
		}
		for i, s := range args[1:] {
			n, ok := s.(lisp.Fixnum)
			if !ok {
				lisp.TypeError("array-in-bounds-p", s, "an integer")
			}
			if n < 0 || int(n) >= dims[i] {
				return lisp.Nil
			}
		}
		return lisp.T
	})
	defun("array-row-major-index", "(array &rest subscripts)", "Return the row-major index of the subscripts.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if a, ok := args[0].(*lisp.Array); ok {
			return lisp.MakeInt(int64(arrIndex("array-row-major-index", a, args[1:])))
		}
		seqArrayArg("array-row-major-index", args[0])
		return seqOneSubscript("array-row-major-index", args[1:])
	})
	defun("array-element-type", "(array)", "Return the type of the array's elements: character for strings, bit for bit vectors, t otherwise.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch x := args[0].(type) {
		case *lisp.Array:
			if x.ElementType != nil {
				return x.ElementType
			}
			return lisp.T
		case *lisp.String:
			return lisp.Intern("CHARACTER")
		case *lisp.Vector:
			if x.Bits {
				return lisp.Intern("BIT")
			}
		}
		seqArrayArg("array-element-type", args[0])
		return lisp.T
	})
	defun("upgraded-array-element-type", "(typespec &optional environment)", "Return the element type of the most specialised array that can hold objects of the type: character, bit or t (nodelisp specialises arrays on nothing else).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch up := upgradedElementName(t, args[0]); up {
		case "BASE-CHAR":
			// Every nodelisp string holds characters; subtypep still
			// keeps base strings apart as SBCL does.
			return lisp.Intern("CHARACTER")
		default:
			return lisp.Intern(up)
		}
	})
	defun("bit-vector-p", "(object)", "True if the object is a bit vector.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(predBitVector(args[0]))
	})
	defun("simple-bit-vector-p", "(object)", "True if the object is a simple bit vector.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(predBitVector(args[0]))
	})
}

// arrDims reads make-array's dimensions: a length or a list of them.
func arrDims(v lisp.Value) []int {
	if _, ok := v.(*lisp.Cons); !ok && v != lisp.Value(lisp.Nil) {
		return []int{indexArg("make-array", v)}
	}
	var dims []int
	total := 1
	for _, d := range listOf("make-array", "dimensions", v) {
		n := indexArg("make-array", d)
		dims = append(dims, n)
		total *= n
		checkSize("make-array", total)
	}
	return dims
}

// arrMake makes an array of rank other than one.
func arrMake(t *eval.Thread, dims []int, kw kwargs) *lisp.Array {
	if _, ok := kw.get("fill-pointer"); ok && kw.or("fill-pointer", lisp.Nil) != lisp.Value(lisp.Nil) {
		lisp.Errorf("make-array: only a vector can have a fill pointer, not an array of rank %d", len(dims))
	}
	et := kw.or("element-type", lisp.T)
	var elementType *lisp.Symbol
	init := kw.or("initial-element", lisp.MakeInt(0))
	switch {
	case seqIsCharType(et):
		elementType = lisp.Intern("CHARACTER")
		if _, ok := kw.get("initial-element"); !ok {
			init = lisp.Char(0)
		}
	case arrIsBitType(et):
		elementType = lisp.Intern("BIT")
	}
	total := 1
	for _, d := range dims {
		if d != 0 && total > (1<<40)/d {
			lisp.Errorf("make-array: the dimensions %s make too many elements", lisp.Prin1ToString(arrDimList(dims)))
		}
		total *= d
	}
	// Reserved against the cell's memory cap before it is allocated, as
	// a vector is (memory.go).
	reserve(t, int64(total)*valueBytes, "make-array", total, "elements")
	a := &lisp.Array{Dims: dims, Items: make([]lisp.Value, total), ElementType: elementType}
	if total > 0 {
		eval.Hold(t, &a.Items[0], int64(total)*valueBytes)
	}
	if ic, ok := kw.get("initial-contents"); ok {
		n := arrFill(t, a, ic, 0, 0)
		if n != total {
			lisp.Errorf("make-array: the initial contents do not match the dimensions %s", lisp.Prin1ToString(arrDimList(dims)))
		}
		for _, x := range a.Items {
			arrCheckElement("make-array", a, x)
		}
		return a
	}
	arrCheckElement("make-array", a, init)
	for i := range a.Items {
		a.Items[i] = init
	}
	return a
}

// arrCheckElement signals the type error of storing v into an array of
// characters or bits that v is not one of.
func arrCheckElement(op string, a *lisp.Array, v lisp.Value) {
	switch {
	case a.ElementType == nil:
	case a.ElementType.Name == "BIT":
		arrBit(op, v)
	default:
		if _, ok := v.(lisp.Char); !ok {
			lisp.TypeError(op, v, "a character")
		}
	}
}

// arrFill stores the nested initial contents of axis from offset and
// returns the next offset.
func arrFill(t *eval.Thread, a *lisp.Array, contents lisp.Value, axis, offset int) int {
	if axis == len(a.Dims) {
		a.Items[offset] = contents
		return offset + 1
	}
	items := seqValues(t, "make-array", contents)
	if len(items) != a.Dims[axis] {
		lisp.Errorf("make-array: the initial contents do not match the dimensions %s", lisp.Prin1ToString(arrDimList(a.Dims)))
	}
	for _, item := range items {
		offset = arrFill(t, a, item, axis+1, offset)
	}
	return offset
}

func arrDimList(dims []int) lisp.Value {
	out := make([]lisp.Value, len(dims))
	for i, d := range dims {
		out[i] = lisp.MakeInt(int64(d))
	}
	return lisp.List(out...)
}

// arrDimensions returns any array's dimensions.
func arrDimensions(op string, v lisp.Value) []int {
	if a, ok := v.(*lisp.Array); ok {
		return a.Dims
	}
	return []int{seqArraySize(op, v)}
}

// arrIndex is the row-major index of subscripts into a, checked.
func arrIndex(op string, a *lisp.Array, subs []lisp.Value) int {
	if len(subs) != len(a.Dims) {
		lisp.Errorf("%s: the array has rank %d, but %d subscripts were given", op, len(a.Dims), len(subs))
	}
	is := make([]int, len(subs))
	for i, s := range subs {
		n, ok := s.(lisp.Fixnum)
		if !ok {
			lisp.TypeError(op, s, "an array index")
		}
		is[i] = int(n)
	}
	i, ok := a.RowMajorIndex(is)
	if !ok {
		lisp.Errorf("%s: subscripts %s are out of bounds for dimensions %s", op, lisp.Prin1ToString(lisp.List(subs...)), lisp.Prin1ToString(arrDimList(a.Dims)))
	}
	return i
}

func arrRowMajor(op string, a *lisp.Array, v lisp.Value) int {
	i := indexArg(op, v)
	if i >= len(a.Items) {
		lisp.Errorf("%s: index %d is out of bounds for an array of %d elements", op, i, len(a.Items))
	}
	return i
}

func arrIsBitType(et lisp.Value) bool {
	s, ok := et.(*lisp.Symbol)
	return ok && s.Name == "BIT"
}

// arrBit checks that v is a bit.
func arrBit(op string, v lisp.Value) {
	if v != lisp.Value(lisp.Fixnum(0)) && v != lisp.Value(lisp.Fixnum(1)) {
		lisp.TypeError(op, v, "a bit (0 or 1)")
	}
}

// arrVectorRef is aref on a vector: any element below its size, past a
// fill pointer too.
func arrVectorRef(op string, v, index lisp.Value) lisp.Value {
	switch x := v.(type) {
	case *lisp.Vector:
		if x.FillPointer {
			full := x.Items[:cap(x.Items)]
			return full[seqIndex(op, index, len(full))]
		}
	case *lisp.String:
		if x.Shape().FillPointer {
			return seqElt(op, lisp.NewString(x.S+x.Shape().Spare), index)
		}
	}
	return seqElt(op, v, index)
}

// arrVectorSet is the setf of arrVectorRef.
func arrVectorSet(op string, v, index, value lisp.Value) {
	switch x := v.(type) {
	case *lisp.Vector:
		if x.FillPointer {
			full := x.Items[:cap(x.Items)]
			i := seqIndex(op, index, len(full))
			if x.Bits {
				arrBit(op, value)
			}
			full[i] = value
			return
		}
	case *lisp.String:
		if x.Shape().FillPointer {
			all := lisp.NewString(x.S + x.Shape().Spare)
			seqSetElt(op, all, index, value)
			fp := seqStrLen(x)
			x.S, x.Reshape().Spare = all.S, ""
			strSetFillPointer(x, fp)
			strChanged(x)
			return
		}
	}
	arrSetVectorElt(op, v, index, value)
}

// arrSetVectorElt stores into a rank-one array, keeping a bit vector's
// elements bits.
func arrSetVectorElt(op string, v, index, value lisp.Value) {
	if bv, ok := v.(*lisp.Vector); ok && bv.Bits {
		arrBit(op, value)
	}
	seqSetElt(op, v, index, value)
}

func arrBitVector(op string, v lisp.Value) *lisp.Vector {
	bv, ok := v.(*lisp.Vector)
	if !ok || !bv.Bits {
		lisp.TypeError(op, v, "a bit vector")
	}
	return bv
}

func predArray(v lisp.Value) bool {
	_, ok := v.(*lisp.Array)
	return ok || predVector(v)
}

func predBitVector(v lisp.Value) bool {
	bv, ok := v.(*lisp.Vector)
	return ok && bv.Bits
}

// allBits reports whether every item is a bit, so that a sequence made
// from a bit vector's elements stays a bit vector.
func allBits(items []lisp.Value) bool {
	for _, x := range items {
		if x != lisp.Value(lisp.Fixnum(0)) && x != lisp.Value(lisp.Fixnum(1)) {
			return false
		}
	}
	return true
}
