package builtins

// Searching and filtering sequences: find, position, count, remove,
// delete, substitute (each with -if and -if-not forms), remove-duplicates,
// search and mismatch. delete and nsubstitute on lists and vectors give the
// same results as CL; delete builds a fresh sequence.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// seqMatch reports whether an element (before :key) is one the caller
// looks for.
type seqMatch func(x lisp.Value) bool

// seqOpts are the keyword arguments of the search and filter family.
type seqOpts struct {
	start, end int
	fromEnd    bool
	count      int // -1: no limit
}

func registerSequencesSearch() {
	seqVariants("find", 0, false, "Return the first element of the sequence", func(t *eval.Thread, op string, lead []lisp.Value, seq lisp.Value, o seqOpts, match seqMatch) lisp.Value {
		if i, x := seqScan(op, seq, o, match); i >= 0 {
			return x
		}
		return lisp.Nil
	})
	seqVariants("position", 0, false, "Return the index of the first element of the sequence", func(t *eval.Thread, op string, lead []lisp.Value, seq lisp.Value, o seqOpts, match seqMatch) lisp.Value {
		if i, _ := seqScan(op, seq, o, match); i >= 0 {
			return lisp.MakeInt(int64(i))
		}
		return lisp.Nil
	})
	seqVariants("count", 0, false, "Return the number of elements of the sequence", func(t *eval.Thread, op string, lead []lisp.Value, seq lisp.Value, o seqOpts, match seqMatch) lisp.Value {
		n := 0
		if o.fromEnd {
			// The key and test see the elements last first, as CL has it.
			items := seqValues(t, op, seq)[o.start:o.end]
			for i := len(items) - 1; i >= 0; i-- {
				if match(items[i]) {
					n++
				}
			}
			return lisp.MakeInt(int64(n))
		}
		seqEach(op, seq, o.start, o.end, func(i int, x lisp.Value) bool {
			if match(x) {
				n++
			}
			return true
		})
		return lisp.MakeInt(int64(n))
	})
	remove := func(t *eval.Thread, op string, lead []lisp.Value, seq lisp.Value, o seqOpts, match seqMatch) lisp.Value {
		return seqRemove(t, op, seq, o, match)
	}
	seqVariants("remove", 0, true, "Return a copy of the sequence without the elements", remove)
	seqVariants("delete", 0, true, "Return the sequence without the elements", remove)
	seqVariants("substitute", 1, true, "Return a copy of the sequence with new in place of the elements", func(t *eval.Thread, op string, lead []lisp.Value, seq lisp.Value, o seqOpts, match seqMatch) lisp.Value {
		items := append([]lisp.Value(nil), seqValues(t, op, seq)...)
		seqSubstitute(items, lead[0], o, match)
		return seqLike(op, seq, items)
	})
	seqVariants("nsubstitute", 1, true, "Replace with new, in the sequence itself, the elements", func(t *eval.Thread, op string, lead []lisp.Value, seq lisp.Value, o seqOpts, match seqMatch) lisp.Value {
		items := seqValues(t, op, seq)
		if _, ok := seq.(*lisp.Vector); !ok {
			items = append([]lisp.Value(nil), items...)
		}
		seqSubstitute(items, lead[0], o, match)
		seqStore(op, seq, items)
		return seq
	})

	dedup := func(t *eval.Thread, args []lisp.Value, op string) lisp.Value {
		kw := parseKeys(op, args[1:], "from-end", "test", "test-not", "start", "end", "key")
		return seqRemoveDuplicates(t, op, args[0], kw)
	}
	defun("remove-duplicates", "(sequence &key from-end test test-not start end key)", "Return a copy of the sequence keeping one of each group of matching elements (the last, or the first with :from-end).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return dedup(t, args, "remove-duplicates")
	})
	defun("delete-duplicates", "(sequence &key from-end test test-not start end key)", "As remove-duplicates (nodelisp builds a fresh sequence).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return dedup(t, args, "delete-duplicates")
	})

	defun("search", "(sequence-1 sequence-2 &key from-end test test-not key start1 end1 start2 end2)", "Return the index in sequence-2 where a subsequence matching sequence-1 begins, or nil.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("search", args[2:], "from-end", "test", "test-not", "key", "start1", "end1", "start2", "end2")
		test, key := lstTest(t, kw), lstKey(t, kw)
		a, b := seqValues(t, "search", args[0]), seqValues(t, "search", args[1])
		s1, e1 := seqKeyBounds("search", kw, "start1", "end1", len(a))
		s2, e2 := seqKeyBounds("search", kw, "start2", "end2", len(b))
		pat, text := a[s1:e1], b[s2:e2]
		fromEnd := lisp.Truthy(kw.or("from-end", lisp.Nil))
		found := -1
		for i := 0; i+len(pat) <= len(text); i++ {
			ok := true
			for j := range pat {
				if !test(key(pat[j]), key(text[i+j])) {
					ok = false
					break
				}
			}
			if ok {
				found = i
				if !fromEnd {
					break
				}
			}
		}
		if found < 0 {
			return lisp.Nil
		}
		return lisp.MakeInt(int64(s2 + found))
	})
	defun("mismatch", "(sequence-1 sequence-2 &key from-end test test-not key start1 end1 start2 end2)", "Return the index in sequence-1 where the two sequences first differ, or nil if they match.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("mismatch", args[2:], "from-end", "test", "test-not", "key", "start1", "end1", "start2", "end2")
		test, key := lstTest(t, kw), lstKey(t, kw)
		a, b := seqValues(t, "mismatch", args[0]), seqValues(t, "mismatch", args[1])
		s1, e1 := seqKeyBounds("mismatch", kw, "start1", "end1", len(a))
		s2, e2 := seqKeyBounds("mismatch", kw, "start2", "end2", len(b))
		n1, n2 := e1-s1, e2-s2
		if lisp.Truthy(kw.or("from-end", lisp.Nil)) {
			k := 0
			for k < n1 && k < n2 && test(key(a[e1-1-k]), key(b[e2-1-k])) {
				k++
			}
			if k == n1 && k == n2 {
				return lisp.Nil
			}
			return lisp.MakeInt(int64(e1 - k))
		}
		k := 0
		for k < n1 && k < n2 && test(key(a[s1+k]), key(b[s2+k])) {
			k++
		}
		if k == n1 && k == n2 {
			return lisp.Nil
		}
		return lisp.MakeInt(int64(s1 + k))
	})
}

// seqVariants registers name, name-if and name-if-not. lead is the number
// of arguments before the item or predicate (1 for substitute's new item);
// withCount adds the :count keyword.
func seqVariants(name string, lead int, withCount bool, doc string, body func(t *eval.Thread, op string, lead []lisp.Value, seq lisp.Value, o seqOpts, match seqMatch) lisp.Value) {
	leadArgs := ""
	if lead == 1 {
		leadArgs = "new "
	}
	countKey := ""
	if withCount {
		countKey = " count"
	}
	for _, v := range []struct {
		suffix, what, one, args string
		want                    bool
	}{
		{"", " that match item (eql by default)", " that matches item (eql by default), or nil", "item sequence &key from-end test test-not start end key", true},
		{"-if", " that satisfy the predicate", " that satisfies the predicate, or nil", "predicate sequence &key from-end start end key", true},
		{"-if-not", " that do not satisfy the predicate", " that does not satisfy the predicate, or nil", "predicate sequence &key from-end start end key", false},
	} {
		v := v
		op := name + v.suffix
		what := v.what
		if name == "find" || name == "position" {
			what = v.one
		}
		defun(op, "("+leadArgs+v.args+countKey+")", doc+what+".", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			keys := []string{"from-end", "start", "end", "key"}
			if v.suffix == "" {
				keys = append(keys, "test", "test-not")
			}
			if withCount {
				keys = append(keys, "count")
			}
			kw := parseKeys(op, args[lead+2:], keys...)
			seq := args[lead+1]
			n := seqLength(op, seq)
			var o seqOpts
			o.start, o.end = seqKeyBounds(op, kw, "start", "end", n)
			o.fromEnd = lisp.Truthy(kw.or("from-end", lisp.Nil))
			o.count = -1
			if c := kw.or("count", lisp.Nil); c != lisp.Value(lisp.Nil) {
				o.count = max(intArg(op, c), 0)
			}
			key := lstKey(t, kw)
			var match seqMatch
			if v.suffix == "" {
				item, test := args[lead], lstTest(t, kw)
				if _, hasKey := kw.get("key"); !hasKey {
					match = func(x lisp.Value) bool { return test(item, x) }
				} else {
					match = func(x lisp.Value) bool { return test(item, key(x)) }
				}
			} else {
				pred, want := args[lead], v.want
				match = func(x lisp.Value) bool { return lisp.Truthy(t.Call(pred, key(x))) == want }
			}
			return body(t, op, args[:lead], seq, o, match)
		})
		borrowsArgs()
	}
}

// seqEach calls f on the elements start..end of a sequence, in order,
// until f returns false.
func seqEach(op string, seq lisp.Value, start, end int, f func(i int, x lisp.Value) bool) {
	switch x := seq.(type) {
	case *lisp.Vector:
		// f may shrink the vector (vector-pop in a predicate): stop at
		// its end as it is now.
		for i := start; i < end && i < len(x.Items); i++ {
			if !f(i, x.Items[i]) {
				return
			}
		}
	case *lisp.String:
		i := 0
		for _, r := range x.S {
			if i >= end {
				return
			}
			if i >= start && !f(i, lisp.Char(r)) {
				return
			}
			i++
		}
	default:
		i := 0
		for c, ok := seq.(*lisp.Cons); ok && i < end; c, ok = c.Cdr.(*lisp.Cons) {
			if i >= start && !f(i, c.Car) {
				return
			}
			i++
		}
	}
}

// seqScan finds the first (or with :from-end the last) matching element
// in the bounds: its index and the element, or -1.
func seqScan(op string, seq lisp.Value, o seqOpts, match seqMatch) (int, lisp.Value) {
	if o.fromEnd {
		if v, ok := seq.(*lisp.Vector); ok {
			for i := o.end - 1; i >= o.start; i-- {
				if i >= len(v.Items) {
					continue // the predicate shrank the vector
				}
				if it := v.Items[i]; match(it) {
					return i, it
				}
			}
			return -1, nil
		}
	}
	found, elem := -1, lisp.Value(lisp.Nil)
	seqEach(op, seq, o.start, o.end, func(i int, x lisp.Value) bool {
		if match(x) {
			found, elem = i, x
			return o.fromEnd // keep looking for a later one
		}
		return true
	})
	return found, elem
}

// seqRemove returns seq without the matching elements in the bounds (at
// most o.count of them, the last ones with :from-end).
func seqRemove(t *eval.Thread, op string, seq lisp.Value, o seqOpts, match seqMatch) lisp.Value {
	if _, isList := seq.(*lisp.Cons); isList && !(o.fromEnd && o.count >= 0) {
		var b lisp.ListBuilder
		left := o.count
		i := 0
		c := seq.(*lisp.Cons)
		for ; ; i++ {
			if i >= o.start && i < o.end && left != 0 && match(c.Car) {
				left--
			} else {
				b.Add(c.Car)
			}
			next, ok := c.Cdr.(*lisp.Cons)
			if !ok {
				break
			}
			if i+1 >= o.end {
				// The rest is outside the bounds: share it.
				return lstFinish(&b, next)
			}
			c = next
		}
		return b.List()
	}
	items := seqValues(t, op, seq)
	drop := make([]bool, len(items))
	left := o.count
	if o.fromEnd {
		for i := o.end - 1; i >= o.start && left != 0; i-- {
			if match(items[i]) {
				drop[i] = true
				left--
			}
		}
	} else {
		for i := o.start; i < o.end && left != 0; i++ {
			if match(items[i]) {
				drop[i] = true
				left--
			}
		}
	}
	out := make([]lisp.Value, 0, len(items))
	for i, it := range items {
		if !drop[i] {
			out = append(out, it)
		}
	}
	return seqLike(op, seq, out)
}

// seqSubstitute replaces matching items in place.
func seqSubstitute(items []lisp.Value, newItem lisp.Value, o seqOpts, match seqMatch) {
	left := o.count
	if o.fromEnd {
		for i := o.end - 1; i >= o.start && left != 0; i-- {
			if match(items[i]) {
				items[i] = newItem
				left--
			}
		}
		return
	}
	for i := o.start; i < o.end && left != 0; i++ {
		if match(items[i]) {
			items[i] = newItem
			left--
		}
	}
}

// seqStore writes items back into seq (same length).
func seqStore(op string, seq lisp.Value, items []lisp.Value) {
	switch x := seq.(type) {
	case *lisp.Vector:
		if x.Bits {
			for _, b := range items {
				arrBit(op, b)
			}
		}
		copy(x.Items, items)
	case *lisp.String:
		if !x.Shape().FillPointer {
			x.S = seqCharsToString(op, items)
			strChanged(x)
			return
		}
		// A function the caller called may have moved the fill pointer
		// since items were read: store as many as it now leaves.
		cur := []rune(x.S)
		for i := 0; i < len(cur) && i < len(items); i++ {
			cur[i] = rune(charArg(op, items[i]))
		}
		x.S = string(cur)
		strChanged(x)
	default:
		// A function the caller called may have changed the list's
		// length since items were read: store as many as both hold.
		i := 0
		for c, ok := seq.(*lisp.Cons); ok && i < len(items); c, ok = c.Cdr.(*lisp.Cons) {
			c.Car = items[i]
			i++
		}
	}
}

func seqRemoveDuplicates(t *eval.Thread, op string, seq lisp.Value, kw kwargs) lisp.Value {
	items := seqValues(t, op, seq)
	start, end := seqKeyBounds(op, kw, "start", "end", len(items))
	key := lstKey(t, kw)
	fromEnd := lisp.Truthy(kw.or("from-end", lisp.Nil))
	keep := make([]bool, len(items))
	for i := range keep {
		keep[i] = i < start || i >= end
	}
	var seen func(k lisp.Value) bool // reports whether k was seen, then records it
	if test := lstHashableTest(kw); test != nil {
		h := lisp.NewHashTable(test)
		seen = func(k lisp.Value) bool {
			if _, ok := h.Get(k); ok {
				return true
			}
			h.Put(k, lisp.T)
			return false
		}
	} else {
		test := lstTest(t, kw)
		var kept []lisp.Value
		seen = func(k lisp.Value) bool {
			for _, prev := range kept {
				// The earlier element in the sequence is the test's first argument.
				a, b := prev, k
				if !fromEnd {
					a, b = k, prev
				}
				if test(a, b) {
					return true
				}
			}
			kept = append(kept, k)
			return false
		}
	}
	if fromEnd {
		for i := start; i < end; i++ {
			keep[i] = !seen(key(items[i]))
		}
	} else {
		for i := end - 1; i >= start; i-- {
			keep[i] = !seen(key(items[i]))
		}
	}
	out := make([]lisp.Value, 0, len(items))
	for i, it := range items {
		if keep[i] {
			out = append(out, it)
		}
	}
	return seqLike(op, seq, out)
}

// lstHashableTest returns the hash-table test equivalent to the :test
// given (eql when none), or nil when the test is a user function.
func lstHashableTest(kw kwargs) *lisp.Symbol {
	if _, ok := kw.get("test-not"); ok {
		return nil
	}
	f, ok := kw.get("test")
	if !ok || f == lisp.Value(lisp.Nil) {
		return lisp.SymEql
	}
	name := ""
	switch x := f.(type) {
	case *eval.Builtin:
		name = x.Name
	case *lisp.Symbol:
		name = x.Name
	}
	switch name {
	case "eq", "EQ":
		return lisp.SymEq
	case "eql", "EQL":
		return lisp.SymEql
	case "equal", "EQUAL":
		return lisp.SymEqual
	case "equalp", "EQUALP":
		return lisp.SymEqualp
	}
	return nil
}
