package builtins

// Ordering and folding sequences: sort and stable-sort (both stable),
// reduce, and the n-ary quantifiers every, some, notany and notevery.

import (
	"sort"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerSequencesOrder() {
	sorter := func(op string) func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return func(t *eval.Thread, args []lisp.Value) lisp.Value {
			kw := parseKeys(op, args[2:], "key")
			return seqSort(t, op, args[0], args[1], kw)
		}
	}
	defun("sort", "(sequence predicate &key key)", "Sort the sequence in place by the predicate (called as (predicate a b), true when a goes first) and return it.", sorter("sort"))
	defun("stable-sort", "(sequence predicate &key key)", "Sort the sequence in place, keeping equal elements in their order, and return it.", sorter("stable-sort"))

	defun("reduce", "(function sequence &key key from-end start end initial-value)", "Combine the elements with the two-argument function, left to right (or right to left with :from-end).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("reduce", args[2:], "key", "from-end", "start", "end", "initial-value")
		return seqReduce(t, args[0], args[1], kw)
	})
	borrowsArgs()

	type quantifier struct {
		name, doc string
		// stopOn is the predicate truth that ends the walk; result is what
		// the function returns then (nil: the predicate's value), and
		// otherwise the value after the walk.
		stopOn      bool
		stopResult  lisp.Value
		finalResult lisp.Value
	}
	for _, q := range []quantifier{
		{"every", "True if the predicate is true of every element (of each set of elements of the sequences).", false, lisp.Nil, lisp.T},
		{"some", "Return the first true value of the predicate on the elements of the sequences, or nil.", true, nil, lisp.Nil},
		{"notany", "True if the predicate is true of no element of the sequences.", true, lisp.Nil, lisp.T},
		{"notevery", "True if the predicate is false of some element of the sequences.", false, lisp.T, lisp.Nil},
	} {
		q := q
		defun(q.name, "(predicate sequence &rest more-sequences)", q.doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
			result := q.finalResult
			seqWalkN(t, q.name, args[1:], func(elems []lisp.Value) bool {
				v := t.Apply(args[0], elems)
				if lisp.Truthy(v) == q.stopOn {
					result = q.stopResult
					if result == nil {
						result = v
					}
					return false
				}
				return true
			})
			return result
		})
	}
}

// seqWalkN calls f with the i'th elements of every sequence for i from 0
// up to the shortest length, until f returns false. The slice passed to f
// is fresh each time (the callee may keep it as its argument list).
func seqWalkN(t *eval.Thread, op string, seqs []lisp.Value, f func(elems []lisp.Value) bool) {
	if len(seqs) == 1 {
		if _, ok := seqs[0].(*lisp.Cons); ok || seqs[0] == lisp.Value(lisp.Nil) {
			for v := seqs[0]; ; {
				c, ok := v.(*lisp.Cons)
				if !ok {
					if v != lisp.Value(lisp.Nil) {
						lisp.TypeError(op, seqs[0], "a proper list")
					}
					return
				}
				if !f([]lisp.Value{c.Car}) {
					return
				}
				v = c.Cdr
			}
		}
	}
	all := make([][]lisp.Value, len(seqs))
	n := -1
	for i, s := range seqs {
		all[i] = seqValues(t, op, s)
		if n < 0 || len(all[i]) < n {
			n = len(all[i])
		}
	}
	for i := 0; i < n; i++ {
		elems := make([]lisp.Value, len(all))
		for j := range all {
			elems[j] = all[j][i]
		}
		if !f(elems) {
			return
		}
	}
}

func seqSort(t *eval.Thread, op string, seq, pred lisp.Value, kw kwargs) lisp.Value {
	items := seqValues(t, op, seq)
	if _, ok := seq.(*lisp.Vector); !ok {
		items = append([]lisp.Value(nil), items...)
	}
	keys := items
	if f, ok := kw.get("key"); ok && lisp.Truthy(f) {
		keys = make([]lisp.Value, len(items))
		for i, it := range items {
			keys[i] = t.Call(f, it)
		}
		// Sort indices so that keys and items move together.
		idx := make([]int, len(items))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(i, j int) bool { return lisp.Truthy(t.Call(pred, keys[idx[i]], keys[idx[j]])) })
		sorted := make([]lisp.Value, len(items))
		for i, k := range idx {
			sorted[i] = items[k]
		}
		copy(items, sorted)
	} else {
		less := seqKnownLess(pred)
		if less == nil {
			less = func(a, b lisp.Value) bool { return lisp.Truthy(t.Call(pred, a, b)) }
		}
		sort.SliceStable(items, func(i, j int) bool { return less(items[i], items[j]) })
	}
	seqStore(op, seq, items)
	return seq
}

// seqKnownLess calls the numeric comparisons < and > directly.
func seqKnownLess(pred lisp.Value) func(a, b lisp.Value) bool {
	b, ok := pred.(*eval.Builtin)
	if !ok {
		return nil
	}
	switch b.Name {
	case "<":
		return func(x, y lisp.Value) bool { return lisp.Compare("<", x, y) < 0 }
	case ">":
		return func(x, y lisp.Value) bool { return lisp.Compare(">", x, y) > 0 }
	}
	return nil
}

func seqReduce(t *eval.Thread, f, seq lisp.Value, kw kwargs) lisp.Value {
	call := func(a, b lisp.Value) lisp.Value { return t.Call(f, a, b) }
	if b, ok := f.(*eval.Builtin); ok && b.Name == "+" {
		call = func(a, b lisp.Value) lisp.Value { return lisp.Add(numberArg("+", a), numberArg("+", b)) }
	}
	key := lstKey(t, kw)
	_, hasKey := kw.get("key")
	init, hasInit := kw.get("initial-value")
	fromEnd := lisp.Truthy(kw.or("from-end", lisp.Nil))
	_, hasStart := kw.get("start")
	_, hasEnd := kw.get("end")

	// The common case: a whole list, left to right.
	if c, ok := seq.(*lisp.Cons); ok && !fromEnd && !hasStart && !hasEnd {
		var acc lisp.Value
		v := lisp.Value(c)
		if hasInit {
			acc = init
		} else {
			acc, v = key(c.Car), c.Cdr
		}
		for v != lisp.Value(lisp.Nil) {
			c, ok := v.(*lisp.Cons)
			if !ok {
				lisp.TypeError("reduce", seq, "a proper list")
			}
			x := c.Car
			if hasKey {
				x = key(x)
			}
			acc = call(acc, x)
			v = c.Cdr
		}
		return acc
	}

	items := seqValues(t, "reduce", seq)
	start, end := seqKeyBounds("reduce", kw, "start", "end", len(items))
	items = items[start:end]
	if len(items) == 0 {
		if hasInit {
			return init
		}
		return t.Call(f)
	}
	if fromEnd {
		acc := init
		i := len(items) - 1
		if !hasInit {
			acc, i = key(items[i]), i-1
		}
		for ; i >= 0; i-- {
			acc = call(key(items[i]), acc)
		}
		return acc
	}
	acc := init
	i := 0
	if !hasInit {
		acc, i = key(items[0]), 1
	}
	for ; i < len(items); i++ {
		acc = call(acc, key(items[i]))
	}
	return acc
}
