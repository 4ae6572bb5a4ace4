package builtins

// Sequences are lists, vectors and strings alike. This file holds the
// helpers every sequence function shares (length, bounds, element access,
// building a result like the argument) and the basic accessors: length,
// elt, subseq, copy-seq, reverse, nreverse. Searching and removing are in
// sequences_search.go, sort/reduce/map in sequences_order.go and
// sequences_map.go, arrays in sequences_arrays.go.

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerSequences() {
	defun("length", "(sequence)", "Return the number of elements of a proper list, vector or string.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.MakeInt(int64(seqLength("length", args[0])))
	})
	fast1(func(t *eval.Thread, a lisp.Value) lisp.Value { return lisp.MakeInt(int64(seqLength("length", a))) })
	defun("elt", "(sequence index)", "Return the element of the sequence at the zero-based index.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return seqElt("elt", args[0], args[1])
	})
	fast2(func(t *eval.Thread, s, i lisp.Value) lisp.Value { return seqElt("elt", s, i) })
	defun("%set-elt", "(sequence index value)", "Store value at index of the sequence and return it (the setf of elt).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		seqSetElt("elt", args[0], args[1], args[2])
		return args[2]
	})
	defun("subseq", "(sequence start &optional end)", "Return a fresh sequence of the same kind holding the elements from start below end.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := seqLength("subseq", args[0])
		end := n
		if len(args) > 2 {
			end = optIndex("subseq", args[2], n)
		}
		start := indexArg("subseq", args[1])
		seqCheckBounds("subseq", start, end, n, len(args) > 2 && args[2] != lisp.Value(lisp.Nil))
		return seqSub(args[0], start, end)
	})
	defun("copy-seq", "(sequence)", "Return a fresh copy of the sequence (the elements are shared).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return seqSub(args[0], 0, seqLength("copy-seq", args[0]))
	})
	defun("reverse", "(sequence)", "Return a fresh sequence with the elements in reverse order.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return seqReverse(args[0])
	})
	fast1(func(t *eval.Thread, a lisp.Value) lisp.Value { return seqReverse(a) })
	defun("nreverse", "(sequence)", "Reverse the sequence, reusing its storage, and return it.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		switch x := args[0].(type) {
		case *lisp.Vector:
			for i, j := 0, len(x.Items)-1; i < j; i, j = i+1, j-1 {
				x.Items[i], x.Items[j] = x.Items[j], x.Items[i]
			}
			return x
		case *lisp.String:
			x.S = seqReverseString(x.S)
			strChanged(x)
			return x
		}
		seqLength("nreverse", args[0]) // a proper list, checked before it is taken apart
		var out lisp.Value = lisp.Nil
		for v := args[0]; v != lisp.Value(lisp.Nil); {
			c := v.(*lisp.Cons)
			v = c.Cdr
			c.Cdr = out
			out = c
		}
		return out
	})
}

// seqStrLen is the length of a string in characters.
func seqStrLen(s *lisp.String) int { return utf8.RuneCountInString(s.S) }

func seqIsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func seqReverseString(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// seqListLength is the length of a proper list; a dotted or circular list
// is a type error naming op.
func seqListLength(op string, list lisp.Value) int {
	n := 0
	slow := list
	for v := list; v != lisp.Value(lisp.Nil); {
		c, ok := v.(*lisp.Cons)
		if !ok {
			lisp.TypeError(op, list, "a proper list")
		}
		v = c.Cdr
		n++
		if n&1 == 0 {
			slow = slow.(*lisp.Cons).Cdr
			if slow == v && v != lisp.Value(lisp.Nil) {
				lisp.TypeError(op, list, "a proper list (it is circular)")
			}
		}
	}
	return n
}

// seqLength is the length of any sequence.
func seqLength(op string, v lisp.Value) int {
	switch x := v.(type) {
	case *lisp.Vector:
		return len(x.Items)
	case *lisp.String:
		return seqStrLen(x)
	case *lisp.Cons:
		return seqListLength(op, x)
	case *lisp.Symbol:
		if x == lisp.Nil {
			return 0
		}
	}
	lisp.TypeError(op, v, "a sequence")
	return 0
}

// seqValues returns the elements of a sequence as a slice. For a vector it
// is the vector's own storage: callers must not modify it.
func seqValues(t *eval.Thread, op string, v lisp.Value) []lisp.Value {
	switch x := v.(type) {
	case *lisp.Vector:
		return x.Items
	case *lisp.String:
		reserve(t, int64(len(x.S))*valueBytes, op, len(x.S), "characters as elements")
		out := make([]lisp.Value, 0, len(x.S))
		for _, r := range x.S {
			out = append(out, lisp.Char(r))
		}
		return out
	}
	n := seqLength(op, v)
	reserve(t, int64(n)*valueBytes, op, n, "elements")
	out := make([]lisp.Value, 0, n)
	for c, ok := v.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
		out = append(out, c.Car)
	}
	return out
}

// seqLike builds a sequence of the kind of proto holding items (a fresh
// slice the result may keep).
func seqLike(op string, proto lisp.Value, items []lisp.Value) lisp.Value {
	switch p := proto.(type) {
	case *lisp.Vector:
		return &lisp.Vector{Items: items, Bits: p.Bits && allBits(items)}
	case *lisp.String:
		return lisp.NewString(seqCharsToString(op, items))
	}
	return lisp.List(items...)
}

func seqCharsToString(op string, items []lisp.Value) string {
	var b strings.Builder
	b.Grow(len(items))
	for _, it := range items {
		c, ok := it.(lisp.Char)
		if !ok {
			lisp.TypeError(op, it, "a character")
		}
		b.WriteRune(rune(c))
	}
	return b.String()
}

// seqBadBounds signals the type error CL gives for bad :start/:end.
func seqBadBounds(op string, start, end, n int, endGiven bool) {
	e := "nil"
	if endGiven {
		e = fmt.Sprint(end)
	}
	panic(&lisp.Condition{
		Class:    lisp.ClassTypeError,
		Message:  fmt.Sprintf("%s: the bounding indices %d and %s are bad for a sequence of length %d", op, start, e, n),
		Datum:    lisp.MakeInt(int64(end)),
		Expected: lisp.Intern("INTEGER"),
	})
}

func seqCheckBounds(op string, start, end, n int, endGiven bool) {
	if start > end || end > n {
		seqBadBounds(op, start, end, n, endGiven)
	}
}

// seqKeyBounds reads :start and :end (named startKey/endKey, for search's
// :start1 …) for a sequence of length n.
func seqKeyBounds(op string, kw kwargs, startKey, endKey string, n int) (start, end int) {
	start = optIndex(op, kw.or(startKey, lisp.MakeInt(0)), 0)
	endV := kw.or(endKey, lisp.Nil)
	end = optIndex(op, endV, n)
	seqCheckBounds(op, start, end, n, endV != lisp.Value(lisp.Nil))
	return start, end
}

// seqIndexError signals the type error for an index outside a sequence.
func seqIndexError(op string, index lisp.Value, n int) {
	panic(&lisp.Condition{
		Class:    lisp.ClassTypeError,
		Message:  fmt.Sprintf("%s: the index %s is out of range for a sequence of length %d", op, lisp.Prin1ToString(index), n),
		Datum:    index,
		Expected: lisp.List(lisp.Intern("INTEGER"), lisp.MakeInt(0), lisp.MakeInt(int64(n-1))),
	})
}

// seqIndex checks index against a sequence of length n.
func seqIndex(op string, index lisp.Value, n int) int {
	i, ok := index.(lisp.Fixnum)
	if !ok || i < 0 {
		lisp.TypeError(op, index, "a non-negative integer")
	}
	if int(i) >= n || i > lisp.Fixnum(n) {
		seqIndexError(op, index, n)
	}
	return int(i)
}

// seqRuneAt returns the i'th character of s (0 <= i < length).
func seqRuneAt(s string, i int) rune {
	if seqIsASCII(s) {
		return rune(s[i])
	}
	return []rune(s)[i]
}

func seqElt(op string, seq, index lisp.Value) lisp.Value {
	switch x := seq.(type) {
	case *lisp.Vector:
		return x.Items[seqIndex(op, index, len(x.Items))]
	case *lisp.String:
		return lisp.Char(seqRuneAt(x.S, seqIndex(op, index, seqStrLen(x))))
	case *lisp.Cons:
		i := indexArg(op, index)
		v := lisp.Value(x)
		for k := 0; ; k++ {
			c, ok := v.(*lisp.Cons)
			if !ok {
				seqIndexError(op, index, k)
			}
			if k == i {
				return c.Car
			}
			v = c.Cdr
		}
	case *lisp.Symbol:
		if x == lisp.Nil {
			indexArg(op, index)
			seqIndexError(op, index, 0)
		}
	}
	lisp.TypeError(op, seq, "a sequence")
	return nil
}

func seqSetElt(op string, seq, index, value lisp.Value) {
	switch x := seq.(type) {
	case *lisp.Vector:
		x.Items[seqIndex(op, index, len(x.Items))] = value
		return
	case *lisp.String:
		seqSetChar(op, x, seqIndex(op, index, seqStrLen(x)), value)
		return
	case *lisp.Cons:
		i := indexArg(op, index)
		v := lisp.Value(x)
		for k := 0; ; k++ {
			c, ok := v.(*lisp.Cons)
			if !ok {
				seqIndexError(op, index, k)
			}
			if k == i {
				c.Car = value
				return
			}
			v = c.Cdr
		}
	case *lisp.Symbol:
		if x == lisp.Nil {
			indexArg(op, index)
			seqIndexError(op, index, 0)
		}
	}
	lisp.TypeError(op, seq, "a sequence")
}

// seqSetChar replaces character i of a string in place.
func seqSetChar(op string, s *lisp.String, i int, value lisp.Value) {
	c := charArg(op, value)
	if seqIsASCII(s.S) && c < utf8.RuneSelf {
		b := []byte(s.S)
		b[i] = byte(c)
		s.S = string(b)
		strChanged(s)
		return
	}
	r := []rune(s.S)
	r[i] = rune(c)
	s.S = string(r)
	strChanged(s)
}

// seqSub returns a fresh copy of elements start..end of a sequence whose
// bounds are already checked.
func seqSub(seq lisp.Value, start, end int) lisp.Value {
	switch x := seq.(type) {
	case *lisp.Vector:
		return &lisp.Vector{Items: append([]lisp.Value(nil), x.Items[start:end]...), Bits: x.Bits}
	case *lisp.String:
		if seqIsASCII(x.S) {
			return lisp.NewString(x.S[start:end])
		}
		return lisp.NewString(string([]rune(x.S)[start:end]))
	}
	var b lisp.ListBuilder
	v := seq
	for i := 0; i < end; i++ {
		c := v.(*lisp.Cons)
		if i >= start {
			b.Add(c.Car)
		}
		v = c.Cdr
	}
	return b.List()
}

// seqReverse is reverse: a fresh sequence with the elements of v in
// reverse order.
func seqReverse(v lisp.Value) lisp.Value {
	switch x := v.(type) {
	case *lisp.Vector:
		out := make([]lisp.Value, len(x.Items))
		for i, it := range x.Items {
			out[len(out)-1-i] = it
		}
		return &lisp.Vector{Items: out, Bits: x.Bits}
	case *lisp.String:
		return lisp.NewString(seqReverseString(x.S))
	}
	var out lisp.Value = lisp.Nil
	var cycle lisp.Cycle
	var conses lisp.ConsBlock // this list's own (lisp/consblock.go)
	for l := v; l != lisp.Value(lisp.Nil); {
		c, ok := l.(*lisp.Cons)
		if !ok {
			lisp.TypeError("reverse", v, "a proper sequence")
		}
		cycle.Visit("reverse", c)
		out = conses.New(c.Car, out)
		l = c.Cdr
	}
	return out
}
