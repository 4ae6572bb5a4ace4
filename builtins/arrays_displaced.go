package builtins

// Displaced vectors and strings: (make-array n :displaced-to a
// :displaced-index-offset k) is a window on a's elements from k on, so a
// store through either is seen through the other. A displaced vector's
// items are a slice of its target's storage; when the target's storage
// moves (vector-push-extend grows it) its views are sliced again. A
// string's characters are a Go string, which cannot be shared, so each
// write to a string that is or has a view is copied along the chain
// (strChanged); only such strings pay for it.

import (
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerArraysDisplaced() {
	defun("array-displacement", "(array)", "Return the array this one is displaced to and the offset into it, or nil and 0.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if x, ok := args[0].(*lisp.Array); ok {
			if x.DisplacedTo != nil {
				return t.Values(x.DisplacedTo, lisp.MakeInt(int64(x.DisplacedOffset)))
			}
			return t.Values(lisp.Nil, lisp.MakeInt(0))
		}
		switch x := seqArrayArg("array-displacement", args[0]).(type) {
		case *lisp.Vector:
			if x.DisplacedTo != nil {
				return t.Values(x.DisplacedTo, lisp.MakeInt(int64(x.DisplacedOffset)))
			}
		case *lisp.String:
			if x.Shape().DisplacedTo != nil {
				return t.Values(x.Shape().DisplacedTo, lisp.MakeInt(int64(x.Shape().DisplacedOffset)))
			}
		}
		return t.Values(lisp.Nil, lisp.MakeInt(0))
	})
}

// arrMakeDisplaced is make-array of a vector of n elements (fp of them
// active) displaced to the :displaced-to array.
func arrMakeDisplaced(n, fp int, hasFP bool, kw kwargs) lisp.Value {
	target, _ := kw.get("displaced-to")
	offset := 0
	if o, ok := kw.get("displaced-index-offset"); ok {
		offset = indexArg("make-array", o)
	}
	if _, ok := kw.get("initial-element"); ok {
		lisp.Errorf("make-array: a displaced array takes no :initial-element")
	}
	if _, ok := kw.get("initial-contents"); ok {
		lisp.Errorf("make-array: a displaced array takes no :initial-contents")
	}
	et := kw.or("element-type", lisp.T)
	adjustable := lisp.Truthy(kw.or("adjustable", lisp.Nil))
	size := 0
	switch x := target.(type) {
	case *lisp.String:
		size = seqArraySize("make-array", x)
	case *lisp.Vector:
		size = seqArraySize("make-array", x)
	case *lisp.Array:
		size = len(x.Items)
	default:
		lisp.TypeError("make-array", target, "an array to displace to")
	}
	if offset+n > size {
		lisp.Errorf("make-array: %d elements from offset %d do not fit in the %d of the array displaced to", n, offset, size)
	}
	mismatch := func(kind string) {
		lisp.Errorf("make-array: an array of element type %s cannot be displaced to %s", lisp.Prin1ToString(et), kind)
	}
	wantChars, wantBits := seqIsCharType(et), arrIsBitType(et)
	switch x := target.(type) {
	case *lisp.String:
		if !wantChars {
			mismatch("a string")
		}
		s := &lisp.String{}
		*s.Reshape() = lisp.StringShape{FillPointer: hasFP, Adjustable: adjustable, DisplacedTo: x, DisplacedOffset: offset}
		all := []rune(x.S + x.Shape().Spare)
		s.S = string(all[offset : offset+n])
		strSetFillPointer(s, fp)
		x.Reshape().Views = append(x.Shape().Views, s)
		return s
	case *lisp.Vector:
		if wantChars || wantBits != x.Bits {
			mismatch("a vector of element type " + lisp.Prin1ToString(vecElementType(x)))
		}
		storage := x.Items[:cap(x.Items)]
		if !x.FillPointer {
			storage = x.Items
		}
		v := &lisp.Vector{Items: storage[offset : offset+fp : offset+n], FillPointer: hasFP, Adjustable: adjustable,
			Bits: x.Bits, DisplacedTo: x, DisplacedOffset: offset}
		x.Views = append(x.Views, v)
		return v
	case *lisp.Array:
		switch {
		case x.ElementType != nil && wantChars:
			lisp.Errorf("make-array: a string displaced to an array of rank %d is not supported", len(x.Dims))
		case x.ElementType != nil && x.ElementType.Name == "BIT" && !wantBits:
			mismatch("an array of element type bit")
		case x.ElementType != nil && wantBits:
			lisp.Errorf("make-array: a bit vector displaced to an array of rank %d is not supported", len(x.Dims))
		case x.ElementType != nil:
			mismatch("an array of element type " + x.ElementType.Name)
		case wantChars || wantBits:
			mismatch("an array of element type t")
		}
		return &lisp.Vector{Items: x.Items[offset : offset+fp : offset+n], FillPointer: hasFP, Adjustable: adjustable,
			DisplacedTo: x, DisplacedOffset: offset}
	}
	return nil
}

func vecElementType(v *lisp.Vector) lisp.Value {
	if v.Bits {
		return lisp.Intern("BIT")
	}
	return lisp.T
}

// vecStorageMoved slices the views of v again after v's storage moved,
// and theirs in turn.
func vecStorageMoved(v *lisp.Vector) {
	storage := v.Items[:cap(v.Items)]
	if !v.FillPointer {
		storage = v.Items
	}
	for _, w := range v.Views {
		if w.DisplacedTo != lisp.Value(v) {
			continue // w grew out of its window and left
		}
		size := cap(w.Items)
		w.Items = storage[w.DisplacedOffset : w.DisplacedOffset+len(w.Items) : w.DisplacedOffset+size]
		vecStorageMoved(w)
	}
}

// vecLeaveTarget is called when a displaced vector's own storage moved
// (it grew out of its window): it is displaced no more.
func vecLeaveTarget(v *lisp.Vector) {
	if target, ok := v.DisplacedTo.(*lisp.Vector); ok {
		target.Views = removeView(target.Views, v)
	}
	v.DisplacedTo, v.DisplacedOffset = nil, 0
	vecStorageMoved(v)
}

func removeView[T comparable](views []T, v T) []T {
	out := views[:0]
	for _, w := range views {
		if w != v {
			out = append(out, w)
		}
	}
	return out
}

// strChanged carries a write to s to the strings that share its
// characters: up the chain of targets to the string nothing is displaced
// to, then down to every view of it.
func strChanged(s *lisp.String) {
	if s.Shape().DisplacedTo == nil && len(s.Shape().Views) == 0 {
		return
	}
	root := s
	for root.Shape().DisplacedTo != nil {
		strWriteInto(root.Shape().DisplacedTo, root)
		root = root.Shape().DisplacedTo
	}
	strRefreshViews(root)
}

// strWriteInto copies view's characters into its target at its offset.
func strWriteInto(target, view *lisp.String) {
	all := []rune(target.S + target.Shape().Spare)
	copy(all[min(view.Shape().DisplacedOffset, len(all)):], []rune(view.S+view.Shape().Spare))
	strSetContents(target, all)
}

// strRefreshViews reads every view of s (and theirs) again from s.
func strRefreshViews(s *lisp.String) {
	all := []rune(s.S + s.Shape().Spare)
	for _, w := range s.Shape().Views {
		size := utf8.RuneCountInString(w.S) + utf8.RuneCountInString(w.Shape().Spare)
		lo := min(w.Shape().DisplacedOffset, len(all))
		hi := min(lo+size, len(all))
		strSetContents(w, all[lo:hi])
		strRefreshViews(w)
	}
}

// strSetContents replaces a string's characters, keeping its fill
// pointer where it was.
func strSetContents(s *lisp.String, all []rune) {
	fp := utf8.RuneCountInString(s.S)
	if !s.Shape().FillPointer {
		fp = len(all)
	}
	s.S, s.Reshape().Spare = string(all), ""
	strSetFillPointer(s, min(fp, len(all)))
}

// strLeaveTarget is called when a displaced string grew out of its
// window: it is displaced no more.
func strLeaveTarget(s *lisp.String) {
	if s.Shape().DisplacedTo != nil {
		s.Shape().DisplacedTo.Reshape().Views = removeView(s.Shape().DisplacedTo.Shape().Views, s)
	}
	s.Reshape().DisplacedTo, s.Reshape().DisplacedOffset = nil, 0
}
