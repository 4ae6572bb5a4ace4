package builtins

// Conses and lists: construction, the car/cdr family, first … tenth,
// last/butlast, append/nconc, nth/nthcdr, copying, and the setters the
// setf macros expand to (%set-car, %set-cdr, %set-nth). Mapping is in
// lists_map.go, membership, alists, plists and sets in lists_assoc.go.

import (
	"math"
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/unpack"
)

func registerLists() {
	defun("cons", "(car cdr)", "Return a new cons of the two objects.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return &lisp.Cons{Car: args[0], Cdr: args[1]}
	})
	fast2(func(t *eval.Thread, a, d lisp.Value) lisp.Value { return &lisp.Cons{Car: a, Cdr: d} })
	defun("list", "(&rest objects)", "Return a new list of the arguments.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.List(args...)
	})
	borrowsArgs()
	defun("list*", "(object &rest objects)", "Return a list of the arguments whose last cdr is the last argument.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.ListStar(args[len(args)-1], args[:len(args)-1]...)
	})
	borrowsArgs()
	defun("make-list", "(size &key initial-element)", "Return a new list of size elements, each the initial element (nil by default).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := indexArg("make-list", args[0])
		checkSize("make-list", n)
		var init lisp.Value = lisp.Nil
		unpack.Args("make-list", args[1:], "&key", "initial-element", &init)
		reserve(t, int64(n)*consBytes, "make-list", n, "elements")
		var out lisp.Value = lisp.Nil
		for i := 0; i < n; i++ {
			out = &lisp.Cons{Car: init, Cdr: out}
		}
		return out
	})

	lstCxrs()
	for i, name := range []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"} {
		i, name := i, name
		defun(name, "(list)", "Return the "+name+" element of the list, or nil when it is shorter.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return lstCar(name, lstNthcdr(name, i, args[0]))
		})
	}
	defun("rest", "(list)", "Return the list without its first element (its cdr).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lstCdr("rest", args[0])
	})
	defun("endp", "(list)", "True if the list is empty; a non-list is an error.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lisp.Bool(listArg("endp", args[0]) == lisp.Value(lisp.Nil))
	})
	defun("nth", "(n list)", "Return the nth (zero-based) element of the list, or nil.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lstCar("nth", lstNthcdr("nth", indexArg("nth", args[0]), args[1]))
	})
	defun("nthcdr", "(n list)", "Return the list after its first n conses.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lstNthcdr("nthcdr", indexArg("nthcdr", args[0]), args[1])
	})
	defun("last", "(list &optional (n 1))", "Return the last n conses of the list.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := 1
		if len(args) > 1 {
			n = indexArg("last", args[1])
		}
		return lstLast(args[0], n)
	})
	defun("butlast", "(list &optional (n 1))", "Return a copy of the list without its last n elements.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := lstOptCount("butlast", args)
		keep := lstDottedLength("butlast", args[0]) - n
		var b lisp.ListBuilder
		for v := args[0]; keep > 0; keep-- {
			c := v.(*lisp.Cons)
			b.Add(c.Car)
			v = c.Cdr
		}
		return b.List()
	})
	defun("nbutlast", "(list &optional (n 1))", "Remove the last n elements of the list destructively and return it.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := lstOptCount("nbutlast", args)
		keep := lstDottedLength("nbutlast", args[0]) - n
		if keep <= 0 {
			return lisp.Nil
		}
		c := lstNthcdr("nbutlast", keep-1, args[0]).(*lisp.Cons)
		c.Cdr = lisp.Nil
		return args[0]
	})
	defun("list-length", "(list)", "Return the length of a proper list, or nil for a circular one.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		n := 0
		slow := args[0]
		for v := args[0]; v != lisp.Value(lisp.Nil); {
			c, ok := v.(*lisp.Cons)
			if !ok {
				lisp.TypeError("list-length", args[0], "a proper list")
			}
			v = c.Cdr
			n++
			if n&1 == 0 {
				slow = slow.(*lisp.Cons).Cdr
				if slow == v && v != lisp.Value(lisp.Nil) {
					return lisp.Nil
				}
			}
		}
		return lisp.MakeInt(int64(n))
	})

	defun("append", "(&rest lists)", "Return a list of the elements of all the lists; the last argument is shared, not copied.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if len(args) == 0 {
			return lisp.Nil
		}
		var b lisp.ListBuilder
		n := 0
		for _, l := range args[:len(args)-1] {
			var cycle lisp.Cycle
			for v := l; v != lisp.Value(lisp.Nil); {
				c, ok := v.(*lisp.Cons)
				if !ok {
					lisp.TypeError("append", l, "a proper list")
				}
				cycle.Visit("append", c)
				n++
				reserveEvery(t, "append", n, consBytes)
				b.Add(c.Car)
				v = c.Cdr
			}
		}
		return lstFinish(&b, args[len(args)-1])
	})
	borrowsArgs()
	defun("nconc", "(&rest lists)", "Join the lists destructively, changing the last cdr of each, and return the result.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var head lisp.Value = lisp.Nil
		var tail *lisp.Cons
		for i, l := range args {
			if l == lisp.Value(lisp.Nil) {
				continue
			}
			c, ok := l.(*lisp.Cons)
			if !ok {
				if i == len(args)-1 {
					if tail == nil {
						return l
					}
					tail.Cdr = l
					return head
				}
				lisp.TypeError("nconc", l, "a list")
			}
			if tail == nil {
				head = c
			} else {
				tail.Cdr = c
			}
			if i < len(args)-1 {
				// The last list is linked, never walked: (nconc s s) makes
				// a circular list and must not then look for its end.
				tail = lstLastCons(c)
			}
		}
		return head
	})
	defun("revappend", "(list tail)", "Return the elements of list reversed, followed by tail.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		out := args[1]
		for _, x := range lstItems("revappend", args[0]) {
			out = &lisp.Cons{Car: x, Cdr: out}
		}
		return out
	})
	defun("nreconc", "(list tail)", "Reverse list destructively onto tail and return the result.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		seqListLength("nreconc", args[0])
		out := args[1]
		for v := args[0]; v != lisp.Value(lisp.Nil); {
			c := v.(*lisp.Cons)
			v = c.Cdr
			c.Cdr = out
			out = c
		}
		return out
	})

	defun("rplaca", "(cons object)", "Set the car of the cons to the object and return the cons.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		lstCons("rplaca", args[0]).Car = args[1]
		return args[0]
	})
	defun("rplacd", "(cons object)", "Set the cdr of the cons to the object and return the cons.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		lstCons("rplacd", args[0]).Cdr = args[1]
		return args[0]
	})
	defun("%set-car", "(cons value)", "Set the car of the cons and return the value (the setf of car).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		lstCons("car", args[0]).Car = args[1]
		return args[1]
	})
	defun("%set-cdr", "(cons value)", "Set the cdr of the cons and return the value (the setf of cdr).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		lstCons("cdr", args[0]).Cdr = args[1]
		return args[1]
	})
	defun("%set-nth", "(n list value)", "Set the nth element of the list and return the value (the setf of nth).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		lstCons("nth", lstNthcdr("nth", indexArg("nth", args[0]), args[1])).Car = args[2]
		return args[2]
	})

	defun("copy-list", "(list)", "Return a copy of the list's conses (a dotted tail is kept).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var b lisp.ListBuilder
		var cycle lisp.Cycle
		v := listArg("copy-list", args[0])
		for {
			c, ok := v.(*lisp.Cons)
			if !ok {
				return lstFinish(&b, v)
			}
			cycle.Visit("copy-list", c)
			b.Add(c.Car)
			v = c.Cdr
		}
	})
	defun("copy-alist", "(alist)", "Return a copy of the association list, its pairs copied too.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var b lisp.ListBuilder
		for _, x := range lstItems("copy-alist", args[0]) {
			if c, ok := x.(*lisp.Cons); ok {
				x = &lisp.Cons{Car: c.Car, Cdr: c.Cdr}
			}
			b.Add(x)
		}
		return b.List()
	})
	defun("copy-tree", "(tree)", "Return a copy of the tree of conses; atoms are shared.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lstCopyTree(args[0])
	})
	defun("tree-equal", "(tree-1 tree-2 &key test test-not)", "True if the two trees have the same shape and their leaves match under test (eql).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		test := lstTest(t, parseKeys("tree-equal", args[2:], "test", "test-not"))
		return lisp.Bool(lstTreeEqual(args[0], args[1], test))
	})
	defun("ldiff", "(list object)", "Return a copy of the list up to (not including) the tail that is object.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		var b lisp.ListBuilder
		v := listArg("ldiff", args[0])
		for {
			if lisp.Eql(v, args[1]) {
				return b.List()
			}
			c, ok := v.(*lisp.Cons)
			if !ok {
				return lstFinish(&b, v)
			}
			b.Add(c.Car)
			v = c.Cdr
		}
	})
	defun("tailp", "(object list)", "True if object is one of the list's tails (its conses or final atom).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		v := listArg("tailp", args[1])
		for {
			if lisp.Eql(v, args[0]) {
				return lisp.T
			}
			c, ok := v.(*lisp.Cons)
			if !ok {
				return lisp.Nil
			}
			v = c.Cdr
		}
	})
}

// lstCxrs registers car, cdr and every c[ad]{2,4}r.
func lstCxrs() {
	var gen func(path string)
	gen = func(path string) {
		if len(path) > 4 {
			return
		}
		if path != "" {
			name := "c" + path + "r"
			ops := path
			var parts []string
			for _, r := range path {
				parts = append(parts, "c"+string(r)+"r")
			}
			doc := "Return the " + strings.Join(parts, " of the ") + " of the list (nil for nil)."
			defun(name, "(list)", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
				v := args[0]
				for i := len(ops) - 1; i >= 0; i-- {
					if ops[i] == 'a' {
						v = lstCar(name, v)
					} else {
						v = lstCdr(name, v)
					}
				}
				return v
			})
		}
		gen(path + "a")
		gen(path + "d")
	}
	gen("")
}

func lstCar(op string, v lisp.Value) lisp.Value {
	if c, ok := v.(*lisp.Cons); ok {
		return c.Car
	}
	if v == lisp.Value(lisp.Nil) {
		return lisp.Nil
	}
	lisp.TypeError(op, v, "a list")
	return nil
}

func lstCdr(op string, v lisp.Value) lisp.Value {
	if c, ok := v.(*lisp.Cons); ok {
		return c.Cdr
	}
	if v == lisp.Value(lisp.Nil) {
		return lisp.Nil
	}
	lisp.TypeError(op, v, "a list")
	return nil
}

func lstCons(op string, v lisp.Value) *lisp.Cons {
	c, ok := v.(*lisp.Cons)
	if !ok {
		lisp.TypeError(op, v, "a cons")
	}
	return c
}

// lstNthcdr follows n cdrs (nil past the end). On a circular list, where
// CL allows it, the cycle is found (Brent's method) and n taken modulo its
// length, so a huge n costs no more than the list.
func lstNthcdr(op string, n int, v lisp.Value) lisp.Value {
	var mark *lisp.Cons
	seen, lim := 0, 1
	for ; n > 0; n-- {
		c, ok := v.(*lisp.Cons)
		if !ok {
			if v == lisp.Value(lisp.Nil) {
				return lisp.Nil
			}
			lisp.TypeError(op, v, "a list")
		}
		if c == mark {
			// Back at mark after seen+1 cdrs: that is the cycle.
			if n %= seen + 1; n == 0 {
				return c
			}
			mark, lim = nil, math.MaxInt
		}
		if seen++; seen >= lim {
			mark, seen, lim = c, 0, 2*lim
		}
		v = c.Cdr
	}
	return v
}

// lstItems returns the elements of a proper list.
func lstItems(op string, v lisp.Value) []lisp.Value {
	out := make([]lisp.Value, 0, seqListLength(op, v))
	for c, ok := v.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
		out = append(out, c.Car)
	}
	return out
}

// lstFinish ends a built list with tail instead of nil.
func lstFinish(b *lisp.ListBuilder, tail lisp.Value) lisp.Value {
	head := b.List()
	if tail == lisp.Value(lisp.Nil) {
		return head
	}
	c, ok := head.(*lisp.Cons)
	if !ok {
		return tail
	}
	lstLastCons(c).Cdr = tail
	return head
}

func lstLastCons(c *lisp.Cons) *lisp.Cons {
	for {
		next, ok := c.Cdr.(*lisp.Cons)
		if !ok {
			return c
		}
		c = next
	}
}

// lstDottedLength counts the conses of a list that may end in an atom.
func lstDottedLength(op string, v lisp.Value) int {
	listArg(op, v)
	n := 0
	var cycle lisp.Cycle
	for c, ok := v.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
		cycle.Visit(op, c)
		n++
	}
	return n
}

func lstOptCount(op string, args []lisp.Value) int {
	if len(args) > 1 {
		return indexArg(op, args[1])
	}
	return 1
}

func lstLast(list lisp.Value, n int) lisp.Value {
	listArg("last", list)
	total := lstDottedLength("last", list)
	if n >= total {
		return list
	}
	return lstNthcdr("last", total-n, list)
}

func lstCopyTree(v lisp.Value) lisp.Value { return lstCopyTreeAt(v, 0) }

func lstCopyTreeAt(v lisp.Value, depth int) lisp.Value {
	c, ok := v.(*lisp.Cons)
	if !ok {
		return v
	}
	lisp.CheckWalkDepth("copy-tree", depth)
	var b lisp.ListBuilder
	var cycle lisp.Cycle
	for {
		cycle.Visit("copy-tree", c)
		b.Add(lstCopyTreeAt(c.Car, depth+1))
		next, ok := c.Cdr.(*lisp.Cons)
		if !ok {
			return lstFinish(&b, c.Cdr)
		}
		c = next
	}
}

func lstTreeEqual(a, b lisp.Value, test func(a, b lisp.Value) bool) bool {
	return lstTreeEqualAt(a, b, test, 0)
}

func lstTreeEqualAt(a, b lisp.Value, test func(a, b lisp.Value) bool, depth int) bool {
	lisp.CheckWalkDepth("tree-equal", depth)
	var cycle lisp.Cycle
	for {
		ca, okA := a.(*lisp.Cons)
		cb, okB := b.(*lisp.Cons)
		if okA != okB {
			return false
		}
		if !okA {
			return test(a, b)
		}
		if !lstTreeEqualAt(ca.Car, cb.Car, test, depth+1) {
			return false
		}
		cycle.Visit("tree-equal", ca)
		a, b = ca.Cdr, cb.Cdr
	}
}
