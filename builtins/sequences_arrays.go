package builtins

// One-dimensional arrays: make-array, vector, aref and svref (with their
// setters), fill pointers (vector-push, vector-push-extend, vector-pop),
// fill, replace and the array-dimension queries. nodelisp has no
// multi-dimensional arrays. An array of element type character is a
// string; vector-push and vector-push-extend on a string append to it.

import (
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerSequencesArrays() {
	defun("vector", "(&rest objects)", "Return a new simple vector of the arguments.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return &lisp.Vector{Items: append([]lisp.Value{}, args...)}
	})
	defun("svref", "(simple-vector index)", "Return the element of the simple vector at the index.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return seqElt("svref", seqVectorArg("svref", args[0]), args[1])
	})
	defun("%set-svref", "(simple-vector index value)", "Store value at index of the simple vector and return it (the setf of svref).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		seqSetElt("svref", seqVectorArg("svref", args[0]), args[1], args[2])
		return args[2]
	})
	defun("%set-char", "(string index character)", "Store the character at index of the string and return it (the setf of char and schar).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		s, ok := args[0].(*lisp.String)
		if !ok {
			lisp.TypeError("char", args[0], "a string")
		}
		if s.Shape().FillPointer {
			charArg("char", args[2])
			arrVectorSet("char", s, args[1], args[2])
			return args[2]
		}
		seqSetChar("char", s, seqIndex("char", args[1], seqStrLen(s)), args[2])
		return args[2]
	})

	defun("vector-push", "(new-element vector)", "Store the element at the fill pointer and advance it; return the old fill pointer, or nil when the vector is full.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch v := args[1].(type) {
		case *lisp.String:
			return seqStringPush("vector-push", v, args[0], false)
		case *lisp.Vector:
			seqNeedFillPointer("vector-push", v)
			n := len(v.Items)
			if n == cap(v.Items) {
				return lisp.Nil
			}
			v.Items = v.Items[:n+1]
			v.Items[n] = args[0]
			return lisp.MakeInt(int64(n))
		}
		lisp.TypeError("vector-push", args[1], "a vector with a fill pointer")
		return nil
	})
	defun("vector-push-extend", "(new-element vector &optional extension)", "Store the element at the fill pointer, growing the vector if needed; return the old fill pointer.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch v := args[1].(type) {
		case *lisp.String:
			return seqStringPush("vector-push-extend", v, args[0], true)
		case *lisp.Vector:
			seqNeedFillPointer("vector-push-extend", v)
			n, size := len(v.Items), cap(v.Items)
			v.Items = append(v.Items, args[0])
			if cap(v.Items) != size {
				// The storage moved: a view left its target, and a
				// target's views follow it.
				if v.DisplacedTo != nil {
					vecLeaveTarget(v)
				} else {
					vecStorageMoved(v)
				}
			}
			return lisp.MakeInt(int64(n))
		}
		lisp.TypeError("vector-push-extend", args[1], "a vector with a fill pointer")
		return nil
	})
	defun("vector-pop", "(vector)", "Decrease the fill pointer by one and return the element it then points at.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch v := args[0].(type) {
		case *lisp.String:
			strNeedFillPointer("vector-pop", v)
			if v.S == "" {
				lisp.Errorf("vector-pop: the fill pointer of %s is already zero", lisp.Prin1ToString(v))
			}
			last, size := utf8.DecodeLastRuneInString(v.S)
			v.S, v.Reshape().Spare = v.S[:len(v.S)-size], v.S[len(v.S)-size:]+v.Shape().Spare
			return lisp.Char(last)
		case *lisp.Vector:
			seqNeedFillPointer("vector-pop", v)
			n := len(v.Items)
			if n == 0 {
				lisp.Errorf("vector-pop: the fill pointer of %s is already zero", lisp.Prin1ToString(v))
			}
			x := v.Items[n-1]
			v.Items = v.Items[:n-1]
			return x
		}
		lisp.TypeError("vector-pop", args[0], "a vector with a fill pointer")
		return nil
	})
	defun("fill-pointer", "(vector)", "Return the fill pointer of the vector.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch v := args[0].(type) {
		case *lisp.String:
			strNeedFillPointer("fill-pointer", v)
			return lisp.MakeInt(int64(seqStrLen(v)))
		case *lisp.Vector:
			seqNeedFillPointer("fill-pointer", v)
			return lisp.MakeInt(int64(len(v.Items)))
		}
		lisp.TypeError("fill-pointer", args[0], "a vector with a fill pointer")
		return nil
	})
	defun("%set-fill-pointer", "(vector index)", "Set the fill pointer of the vector and return it (the setf of fill-pointer).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if s, ok := args[0].(*lisp.String); ok {
			strNeedFillPointer("fill-pointer", s)
			n := indexArg("fill-pointer", args[1])
			if size := seqStrLen(s) + utf8.RuneCountInString(s.Shape().Spare); n > size {
				lisp.Errorf("fill-pointer: %d is beyond the string's size %d", n, size)
			}
			strSetFillPointer(s, n)
			return args[1]
		}
		v, ok := args[0].(*lisp.Vector)
		if !ok {
			lisp.TypeError("fill-pointer", args[0], "a vector with a fill pointer")
		}
		seqNeedFillPointer("fill-pointer", v)
		n := indexArg("fill-pointer", args[1])
		if n > cap(v.Items) {
			lisp.Errorf("fill-pointer: %d is beyond the vector's size %d", n, cap(v.Items))
		}
		old := len(v.Items)
		v.Items = v.Items[:n]
		for i := old; i < n; i++ {
			if v.Items[i] == nil {
				v.Items[i] = lisp.MakeInt(0)
			}
		}
		return args[1]
	})
	defun("array-has-fill-pointer-p", "(array)", "True if the array has a fill pointer.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if _, ok := args[0].(*lisp.Array); ok {
			return lisp.Nil // only a vector has one
		}
		switch v := seqArrayArg("array-has-fill-pointer-p", args[0]).(type) {
		case *lisp.Vector:
			return lisp.Bool(v.FillPointer)
		case *lisp.String:
			return lisp.Bool(v.Shape().FillPointer)
		}
		return lisp.Nil
	})
	defun("adjustable-array-p", "(array)", "True if the array was made adjustable.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if _, ok := args[0].(*lisp.Array); ok {
			return lisp.Nil // never adjustable here (adjust-array returns a new one)
		}
		switch v := seqArrayArg("adjustable-array-p", args[0]).(type) {
		case *lisp.Vector:
			return lisp.Bool(v.Adjustable)
		case *lisp.String:
			return lisp.Bool(v.Shape().Adjustable)
		}
		return lisp.Nil
	})
	defun("%set-subseq", "(sequence start [end] new)", "Replace the elements of the sequence from start below end with those of new, as many as both hold, and return new (the setf of subseq).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		seq, newSeq := args[0], args[len(args)-1]
		dst := seqValues(t, "subseq", seq)
		if _, ok := seq.(*lisp.Vector); !ok {
			dst = append([]lisp.Value(nil), dst...)
		}
		end := len(dst)
		if len(args) == 4 {
			end = optIndex("subseq", args[2], len(dst))
		}
		start := indexArg("subseq", args[1])
		seqCheckBounds("subseq", start, end, len(dst), len(args) == 4 && args[2] != lisp.Value(lisp.Nil))
		src := append([]lisp.Value(nil), seqValues(t, "subseq", newSeq)...) // copied: the two may be one sequence
		copy(dst[start:end], src)
		seqStore("subseq", seq, dst)
		return newSeq
	})

	defun("fill", "(sequence item &key start end)", "Store item into every element of the sequence in the bounds and return the sequence.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("fill", args[2:], "start", "end")
		seq := args[0]
		items := seqValues(t, "fill", seq)
		if _, ok := seq.(*lisp.Vector); !ok {
			items = append([]lisp.Value(nil), items...)
		}
		start, end := seqKeyBounds("fill", kw, "start", "end", len(items))
		for i := start; i < end; i++ {
			items[i] = args[1]
		}
		seqStore("fill", seq, items)
		return seq
	})
	defun("replace", "(sequence-1 sequence-2 &key start1 end1 start2 end2)", "Copy elements of sequence-2 into sequence-1 (as many as fit in both bounds) and return sequence-1.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("replace", args[2:], "start1", "end1", "start2", "end2")
		dst := seqValues(t, "replace", args[0])
		if _, ok := args[0].(*lisp.Vector); !ok {
			dst = append([]lisp.Value(nil), dst...)
		}
		src := append([]lisp.Value(nil), seqValues(t, "replace", args[1])...) // copied: the two may be one sequence
		s1, e1 := seqKeyBounds("replace", kw, "start1", "end1", len(dst))
		s2, e2 := seqKeyBounds("replace", kw, "start2", "end2", len(src))
		copy(dst[s1:e1], src[s2:e2])
		seqStore("replace", args[0], dst)
		return args[0]
	})
}

func seqMakeArray(t *eval.Thread, dims lisp.Value, kw kwargs) lisp.Value {
	if c, ok := dims.(*lisp.Cons); ok {
		dims = c.Car
	}
	n := indexArg("make-array", dims)
	checkSize("make-array", n)
	fp := n
	hasFP := false
	if f, ok := kw.get("fill-pointer"); ok && f != lisp.Value(lisp.Nil) {
		hasFP = true
		if f != lisp.Value(lisp.T) {
			fp = indexArg("make-array", f)
			if fp > n {
				lisp.Errorf("make-array: the fill pointer %d is beyond the size %d", fp, n)
			}
		}
	}
	if d, ok := kw.get("displaced-to"); ok && d != lisp.Value(lisp.Nil) {
		return arrMakeDisplaced(n, fp, hasFP, kw)
	}
	var contents []lisp.Value
	if ic, ok := kw.get("initial-contents"); ok {
		contents = seqValues(t, "make-array", ic)
		if len(contents) != n {
			lisp.Errorf("make-array: the initial contents have %d elements, not %d", len(contents), n)
		}
	}
	if seqIsCharType(kw.or("element-type", lisp.T)) {
		var s *lisp.String
		if contents != nil {
			s = lisp.NewString(seqCharsToString("make-array", contents))
		} else {
			c := lisp.Char(0)
			if ie, ok := kw.get("initial-element"); ok {
				c = charArg("make-array", ie)
			}
			s = makeString(t, "make-array", n, c)
		}
		s.Reshape().FillPointer = hasFP
		s.Reshape().Adjustable = lisp.Truthy(kw.or("adjustable", lisp.Nil))
		if hasFP {
			strSetFillPointer(s, fp)
		}
		return s
	}
	bits := arrIsBitType(kw.or("element-type", lisp.T))
	reserve(t, int64(n)*valueBytes, "make-array", n, "elements")
	items := make([]lisp.Value, n)
	if n > 0 {
		eval.Hold(t, &items[0], int64(n)*valueBytes)
	}
	if contents != nil {
		copy(items, contents)
		if bits {
			for _, b := range contents {
				arrBit("make-array", b)
			}
		}
	} else {
		init := kw.or("initial-element", lisp.MakeInt(0))
		if bits {
			arrBit("make-array", init)
		}
		for i := range items {
			items[i] = init
		}
	}
	return &lisp.Vector{
		Items:       items[:fp],
		FillPointer: hasFP,
		Adjustable:  lisp.Truthy(kw.or("adjustable", lisp.Nil)),
		Bits:        bits,
	}
}

func seqIsCharType(et lisp.Value) bool {
	s, ok := et.(*lisp.Symbol)
	if !ok {
		return false
	}
	switch s.Name {
	case "CHARACTER", "BASE-CHAR", "STANDARD-CHAR":
		return true
	}
	return false
}

func seqArrayArg(op string, v lisp.Value) lisp.Value {
	if !predVector(v) {
		lisp.TypeError(op, v, "an array")
	}
	return v
}

func seqVectorArg(op string, v lisp.Value) *lisp.Vector {
	x, ok := v.(*lisp.Vector)
	if !ok {
		lisp.TypeError(op, v, "a simple vector")
	}
	return x
}

func seqOneSubscript(op string, subs []lisp.Value) lisp.Value {
	if len(subs) != 1 {
		lisp.Errorf("%s: nodelisp arrays are one-dimensional: expected 1 subscript, got %d", op, len(subs))
	}
	return subs[0]
}

func seqNeedFillPointer(op string, v *lisp.Vector) {
	if !v.FillPointer {
		lisp.TypeError(op, v, "a vector with a fill pointer")
	}
}

// seqArraySize is the allocated size of an array, which a fill pointer
// may exceed the length of.
func seqArraySize(op string, v lisp.Value) int {
	switch x := seqArrayArg(op, v).(type) {
	case *lisp.Vector:
		if x.FillPointer {
			return cap(x.Items)
		}
		return len(x.Items)
	case *lisp.String:
		return seqStrLen(x) + utf8.RuneCountInString(x.Shape().Spare)
	}
	return 0
}

// seqStringPush is vector-push (extend false) and vector-push-extend on a
// string: the character takes the place past the fill pointer, and a full
// string answers nil or, extending, grows.
func seqStringPush(op string, s *lisp.String, c lisp.Value, extend bool) lisp.Value {
	strNeedFillPointer(op, s)
	ch := charArg(op, c)
	n := seqStrLen(s)
	if s.Shape().Spare == "" {
		if !extend {
			return lisp.Nil
		}
		strLeaveTarget(s) // it grows out of the window it had
		s.S += string(rune(ch))
		strChanged(s)
		return lisp.MakeInt(int64(n))
	}
	_, size := utf8.DecodeRuneInString(s.Shape().Spare)
	s.S, s.Reshape().Spare = s.S+string(rune(ch)), s.Shape().Spare[size:]
	strChanged(s)
	return lisp.MakeInt(int64(n))
}

// strNeedFillPointer signals the type error of op on a string without a
// fill pointer.
func strNeedFillPointer(op string, s *lisp.String) {
	if !s.Shape().FillPointer {
		lisp.TypeError(op, s, "a vector with a fill pointer")
	}
}

// strSetFillPointer moves a string's fill pointer to n characters, which
// its size holds.
func strSetFillPointer(s *lisp.String, n int) {
	all := s.S + s.Shape().Spare
	i := 0
	for k := 0; k < n; k++ {
		_, size := utf8.DecodeRuneInString(all[i:])
		i += size
	}
	s.S, s.Reshape().Spare = all[:i], all[i:]
}
