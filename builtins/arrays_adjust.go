package builtins

// adjust-array. The array's new contents are made as make-array makes
// an array (so the element type, the fill pointer and the memory cap are
// checked as there), and the old elements are copied in at the same
// subscripts. An adjustable vector or string then takes the new contents
// in place, so every reference to it sees them; any other array is left
// as it was and the new one returned, as the standard allows.
//
// Displacement is not adjusted: :displaced-to, and an array that is
// displaced or that others are displaced to, are errors saying so.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerArraysAdjust() {
	defun("adjust-array", "(array new-dimensions &key element-type initial-element initial-contents fill-pointer displaced-to displaced-index-offset)", "Return the array with the new dimensions: the same array, changed in place, when it is adjustable, else a new one. Elements at subscripts both have are kept; new ones are the initial element, or all come from the initial contents.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		const op = "adjust-array"
		kw := parseKeys(op, args[2:], "element-type", "initial-element", "initial-contents", "fill-pointer", "displaced-to", "displaced-index-offset")
		old := args[0]
		if _, ok := old.(*lisp.Array); !ok {
			old = seqArrayArg(op, old)
		}
		oldDims := arrDimensions(op, old)
		dims := arrDims(args[1])
		if len(dims) != len(oldDims) {
			lisp.Errorf("%s: the new dimensions %s have rank %d, the array rank %d", op, lisp.Prin1ToString(args[1]), len(dims), len(oldDims))
		}
		if d, ok := kw.get("displaced-to"); ok && d != lisp.Value(lisp.Nil) {
			lisp.Errorf("%s: :displaced-to is not supported by nodelisp; make a displaced array with make-array", op)
		}
		if _, ok := kw.get("displaced-index-offset"); ok {
			lisp.Errorf("%s: :displaced-index-offset is not supported by nodelisp, which adjusts no displacement", op)
		}
		if adjustDisplaced(old) {
			lisp.Errorf("%s: %s is displaced, or other arrays are displaced to it; nodelisp adjusts only arrays that share no storage", op, lisp.Prin1ToString(old))
		}
		elementType := t.Call(lisp.Sym("array-element-type"), old)
		if et, ok := kw.get("element-type"); ok {
			if !lisp.Equal(t.Call(lisp.Sym("upgraded-array-element-type"), et), elementType) {
				lisp.Errorf("%s: the element type %s is not the array's, %s", op, lisp.Prin1ToString(et), lisp.Prin1ToString(elementType))
			}
		}
		hasFP := lisp.Truthy(t.Call(lisp.Sym("array-has-fill-pointer-p"), old))
		fp, fpGiven := kw.get("fill-pointer")
		switch {
		case fpGiven && fp != lisp.Value(lisp.Nil) && !hasFP:
			lisp.Errorf("%s: %s has no fill pointer to set", op, lisp.Prin1ToString(old))
		case hasFP && (!fpGiven || fp == lisp.Value(lisp.Nil)):
			fp = t.Call(lisp.Sym("fill-pointer"), old)
			if int(fp.(lisp.Fixnum)) > dims[0] {
				lisp.Errorf("%s: the fill pointer %d is beyond the new size %d; give :fill-pointer", op, fp, dims[0])
			}
		}
		makeArgs := []lisp.Value{arrDimList(dims), lisp.InternKeyword("ELEMENT-TYPE"), elementType,
			lisp.InternKeyword("ADJUSTABLE"), lisp.Bool(adjustable(old))}
		if hasFP {
			makeArgs = append(makeArgs, lisp.InternKeyword("FILL-POINTER"), fp)
		}
		contents, fromContents := kw.get("initial-contents")
		if fromContents {
			if _, ok := kw.get("initial-element"); ok {
				lisp.Errorf("%s: give :initial-element or :initial-contents, not both", op)
			}
			makeArgs = append(makeArgs, lisp.InternKeyword("INITIAL-CONTENTS"), contents)
		} else if init, ok := kw.get("initial-element"); ok {
			makeArgs = append(makeArgs, lisp.InternKeyword("INITIAL-ELEMENT"), init)
		}
		fresh := t.Apply(lisp.Sym("make-array"), makeArgs)
		if !fromContents {
			adjustCopy(t, old, oldDims, fresh, dims)
		}
		if !adjustable(old) {
			return fresh
		}
		switch x := old.(type) {
		case *lisp.Vector:
			*x = *fresh.(*lisp.Vector)
		case *lisp.String:
			*x = *fresh.(*lisp.String)
		}
		return old
	})
}

// adjustable reports whether adjust-array changes a in place.
func adjustable(a lisp.Value) bool {
	switch x := a.(type) {
	case *lisp.Vector:
		return x.Adjustable
	case *lisp.String:
		return x.Shape().Adjustable
	}
	return false
}

// adjustDisplaced reports whether a shares storage with another array.
func adjustDisplaced(a lisp.Value) bool {
	switch x := a.(type) {
	case *lisp.Vector:
		return x.DisplacedTo != nil || len(x.Views) > 0
	case *lisp.String:
		s := x.Shape()
		return s.DisplacedTo != nil || len(s.Views) > 0
	}
	return false
}

// adjustCopy copies the elements of from into to at the subscripts both
// arrays have, past a fill pointer too.
func adjustCopy(t *eval.Thread, from lisp.Value, fromDims []int, to lisp.Value, toDims []int) {
	if len(fromDims) == 1 {
		for i := range min(fromDims[0], toDims[0]) {
			if i&0xffff == 0xffff {
				t.Poll()
			}
			arrVectorSet("adjust-array", to, lisp.MakeInt(int64(i)), arrVectorRef("adjust-array", from, lisp.MakeInt(int64(i))))
		}
		return
	}
	src, dst := from.(*lisp.Array), to.(*lisp.Array)
	common := make([]int, len(fromDims))
	for i := range common {
		common[i] = min(fromDims[i], toDims[i])
	}
	subs := make([]int, len(common))
	n := 0
	var walk func(axis int)
	walk = func(axis int) {
		if axis == len(common) {
			if n++; n&0xffff == 0 {
				t.Poll()
			}
			si, _ := src.RowMajorIndex(subs)
			di, _ := dst.RowMajorIndex(subs)
			dst.Items[di] = src.Items[si]
			return
		}
		for subs[axis] = 0; subs[axis] < common[axis]; subs[axis]++ {
			walk(axis + 1)
		}
	}
	walk(0)
}
