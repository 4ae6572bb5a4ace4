package builtins

// Lists searched by key: member, association lists (assoc, rassoc, acons,
// pairlis), property lists (getf and its setter %putf), lists as
// sets (adjoin, union, intersection, …) and tree substitution (subst,
// sublis). Result orders follow SBCL's, so printed sets match it.

import (
	"strings"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerListsAssoc() {
	defun("member", "(item list &key key test test-not)", "Return the tail of the list starting at the first element matching item (eql by default), or nil.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("member", args[2:], "key", "test", "test-not")
		return lstMember("member", args[0], args[1], lstKey(t, kw), lstTest(t, kw))
	})
	lstIfFn("member-if", "(predicate list &key key)", "Return the tail of the list starting at the first element satisfying the predicate.", true, func(t *eval.Thread, p func(lisp.Value) bool, list lisp.Value, key func(lisp.Value) lisp.Value) lisp.Value {
		return lstMemberIf("member-if", list, key, p)
	})
	lstIfFn("member-if-not", "(predicate list &key key)", "Return the tail of the list starting at the first element not satisfying the predicate.", false, func(t *eval.Thread, p func(lisp.Value) bool, list lisp.Value, key func(lisp.Value) lisp.Value) lisp.Value {
		return lstMemberIf("member-if-not", list, key, p)
	})

	defun("assoc", "(item alist &key key test test-not)", "Return the first pair of the association list whose car matches item, or nil.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("assoc", args[2:], "key", "test", "test-not")
		test, key := lstTest(t, kw), lstKey(t, kw)
		return lstAssoc("assoc", args[1], false, func(k lisp.Value) bool { return test(args[0], key(k)) })
	})
	defun("rassoc", "(item alist &key key test test-not)", "Return the first pair of the association list whose cdr matches item, or nil.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("rassoc", args[2:], "key", "test", "test-not")
		test, key := lstTest(t, kw), lstKey(t, kw)
		return lstAssoc("rassoc", args[1], true, func(k lisp.Value) bool { return test(args[0], key(k)) })
	})
	for _, d := range []struct {
		name, doc string
		cdr, want bool
	}{
		{"assoc-if", "Return the first pair of the association list whose car satisfies the predicate.", false, true},
		{"assoc-if-not", "Return the first pair of the association list whose car does not satisfy the predicate.", false, false},
		{"rassoc-if", "Return the first pair of the association list whose cdr satisfies the predicate.", true, true},
		{"rassoc-if-not", "Return the first pair of the association list whose cdr does not satisfy the predicate.", true, false},
	} {
		d := d
		lstIfFn(d.name, "(predicate alist &key key)", d.doc, d.want, func(t *eval.Thread, p func(lisp.Value) bool, list lisp.Value, key func(lisp.Value) lisp.Value) lisp.Value {
			return lstAssoc(d.name, list, d.cdr, func(k lisp.Value) bool { return p(key(k)) })
		})
	}
	defun("acons", "(key datum alist)", "Return the association list with the pair (key . datum) added in front.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return &lisp.Cons{Car: &lisp.Cons{Car: args[0], Cdr: args[1]}, Cdr: args[2]}
	})
	defun("pairlis", "(keys data &optional alist)", "Return an association list pairing each key with its datum, in front of alist.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		keys, data := lstItems("pairlis", args[0]), lstItems("pairlis", args[1])
		if len(keys) != len(data) {
			lisp.Errorf("pairlis: the lists of keys and data are of unequal length")
		}
		var out lisp.Value = lisp.Nil
		if len(args) > 2 {
			out = args[2]
		}
		for i := range keys {
			out = &lisp.Cons{Car: &lisp.Cons{Car: keys[i], Cdr: data[i]}, Cdr: out}
		}
		return out
	})

	defun("getf", "(plist indicator &optional default)", "Return the value after indicator in the property list, or default (nil).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if c := lstPlistFind("getf", args[0], args[1]); c != nil {
			return c.Cdr.(*lisp.Cons).Car
		}
		if len(args) > 2 {
			return args[2]
		}
		return lisp.Nil
	})
	defun("%putf", "(plist indicator value)", "Set indicator's value in the property list and return the new list (the setf of getf).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if c := lstPlistFind("getf", args[0], args[1]); c != nil {
			c.Cdr.(*lisp.Cons).Car = args[2]
			return args[0]
		}
		return lisp.ListStar(args[0], args[1], args[2])
	})
	defun("adjoin", "(item list &key key test test-not)", "Return the list with item added in front unless an element already matches it.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys("adjoin", args[2:], "key", "test", "test-not")
		key := lstKey(t, kw)
		if lstMember("adjoin", key(args[0]), args[1], key, lstTest(t, kw)) != lisp.Value(lisp.Nil) {
			return args[1]
		}
		return &lisp.Cons{Car: args[0], Cdr: args[1]}
	})
	lstSetFn("union", "Return a list of the elements found in either list.", lstUnion)
	lstSetFn("nunion", "Return a list of the elements found in either list (may reuse the lists).", lstNunion)
	lstSetFn("intersection", "Return a list of the elements of list-1 also found in list-2.", func(a, b lisp.Value, in lstSetMember) lisp.Value {
		return lstPushFiltered(a, func(x lisp.Value) bool { return in(x, b) }, lisp.Nil)
	})
	lstSetFn("nintersection", "Return a list of the elements of list-1 also found in list-2 (may reuse list-1).", func(a, b lisp.Value, in lstSetMember) lisp.Value {
		return lstPushFiltered(a, func(x lisp.Value) bool { return in(x, b) }, lisp.Nil)
	})
	lstSetFn("set-difference", "Return a list of the elements of list-1 not found in list-2.", lstSetDifference)
	lstSetFn("nset-difference", "Return a list of the elements of list-1 not found in list-2 (may reuse list-1).", lstSetDifference)
	lstXorFn("set-exclusive-or", "Return a list of the elements found in exactly one of the lists.")
	lstSetFn("subsetp", "True if every element of list-1 is found in list-2.", func(a, b lisp.Value, in lstSetMember) lisp.Value {
		for c, ok := a.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
			if !in(c.Car, b) {
				return lisp.Nil
			}
		}
		return lisp.T
	})

	defun("subst", "(new old tree &key key test test-not)", "Return a copy of the tree with every subtree matching old replaced by new.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lstSubstFn(t, "subst", args)
	})
	defun("nsubst", "(new old tree &key key test test-not)", "As subst (nodelisp copies rather than modifying the tree).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lstSubstFn(t, "nsubst", args)
	})
	for _, d := range []struct {
		name, doc string
		want      bool
	}{
		{"subst-if", "Return a copy of the tree with every subtree satisfying the predicate replaced by new.", true},
		{"subst-if-not", "Return a copy of the tree with every subtree not satisfying the predicate replaced by new.", false},
		{"nsubst-if", "As subst-if (nodelisp copies rather than modifying the tree).", true},
		{"nsubst-if-not", "As subst-if-not (nodelisp copies rather than modifying the tree).", false},
	} {
		d := d
		defun(d.name, "(new predicate tree &key key)", d.doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
			key := lstKey(t, parseKeys(d.name, args[3:], "key"))
			p := args[1]
			return lstSubst(args[2], func(x lisp.Value) (lisp.Value, bool) {
				if lisp.Truthy(t.Call(p, key(x))) == d.want {
					return args[0], true
				}
				return nil, false
			})
		})
	}
	defun("sublis", "(alist tree &key key test test-not)", "Return a copy of the tree with each subtree matching a key of the alist replaced by its datum.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lstSublis(t, "sublis", args)
	})
}

func lstSublis(t *eval.Thread, op string, args []lisp.Value) lisp.Value {
	kw := parseKeys(op, args[2:], "key", "test", "test-not")
	test, key := lstTest(t, kw), lstKey(t, kw)
	alist := args[0]
	return lstSubst(args[1], func(x lisp.Value) (lisp.Value, bool) {
		k := key(x)
		pair := lstAssoc(op, alist, false, func(a lisp.Value) bool { return test(k, a) })
		if c, ok := pair.(*lisp.Cons); ok {
			return c.Cdr, true
		}
		return nil, false
	})
}

// lstTest is testFunc, with the standard equality predicates called
// directly rather than through the evaluator.
func lstTest(t *eval.Thread, kw kwargs) func(a, b lisp.Value) bool {
	if f, ok := kw.get("test"); ok && lisp.Truthy(f) {
		if p := lstKnownTest(f); p != nil {
			return p
		}
		return func(a, b lisp.Value) bool { return lisp.Truthy(t.Call(f, a, b)) }
	}
	if f, ok := kw.get("test-not"); ok && lisp.Truthy(f) {
		if p := lstKnownTest(f); p != nil {
			return func(a, b lisp.Value) bool { return !p(a, b) }
		}
		return func(a, b lisp.Value) bool { return !lisp.Truthy(t.Call(f, a, b)) }
	}
	return lisp.Eql
}

// lstKnownTest recognises eq, eql, equal, equalp and = given as builtins
// or as their symbols.
func lstKnownTest(f lisp.Value) func(a, b lisp.Value) bool {
	name := ""
	switch x := f.(type) {
	case *eval.Builtin:
		name = x.Name
	case *lisp.Symbol:
		if !x.Keyword {
			name = strings.ToLower(x.Name)
		}
	}
	switch name {
	case "eq":
		return lisp.Eq
	case "eql":
		return lisp.Eql
	case "equal":
		return lisp.Equal
	case "equalp":
		return lisp.Equalp
	case "=":
		return func(a, b lisp.Value) bool { return lisp.Compare("=", a, b) == 0 }
	}
	return nil
}

// lstKey is keyFunc: the :key function, identity when absent or nil.
func lstKey(t *eval.Thread, kw kwargs) func(lisp.Value) lisp.Value {
	return keyFunc(t, kw)
}

// lstIfFn registers a (name predicate list &key key) function; want is
// the predicate result that counts as a match.
func lstIfFn(name, args, doc string, want bool, body func(t *eval.Thread, p func(lisp.Value) bool, list lisp.Value, key func(lisp.Value) lisp.Value) lisp.Value) {
	defun(name, args, doc, func(t *eval.Thread, a []lisp.Value) lisp.Value {
		key := lstKey(t, parseKeys(name, a[2:], "key"))
		pred := a[0]
		p := func(x lisp.Value) bool { return lisp.Truthy(t.Call(pred, x)) == want }
		return body(t, p, a[1], key)
	})
}

func lstMember(op string, item, list lisp.Value, key func(lisp.Value) lisp.Value, test func(a, b lisp.Value) bool) lisp.Value {
	var cycle lisp.Cycle
	for v := list; v != lisp.Value(lisp.Nil); {
		c, ok := v.(*lisp.Cons)
		if !ok {
			lisp.TypeError(op, list, "a proper list")
		}
		cycle.Visit(op, c)
		if test(item, key(c.Car)) {
			return c
		}
		v = c.Cdr
	}
	return lisp.Nil
}

func lstMemberIf(op string, list lisp.Value, key func(lisp.Value) lisp.Value, p func(lisp.Value) bool) lisp.Value {
	var cycle lisp.Cycle
	for v := list; v != lisp.Value(lisp.Nil); {
		c, ok := v.(*lisp.Cons)
		if !ok {
			lisp.TypeError(op, list, "a proper list")
		}
		cycle.Visit(op, c)
		if p(key(c.Car)) {
			return c
		}
		v = c.Cdr
	}
	return lisp.Nil
}

// lstAssoc returns the first pair whose car (or cdr) satisfies match; nil
// elements of the alist are skipped, as CL says.
func lstAssoc(op string, alist lisp.Value, cdr bool, match func(lisp.Value) bool) lisp.Value {
	var cycle lisp.Cycle
	for v := alist; v != lisp.Value(lisp.Nil); {
		c, ok := v.(*lisp.Cons)
		if !ok {
			lisp.TypeError(op, alist, "a proper list")
		}
		cycle.Visit(op, c)
		switch pair := c.Car.(type) {
		case *lisp.Cons:
			k := pair.Car
			if cdr {
				k = pair.Cdr
			}
			if match(k) {
				return pair
			}
		default:
			if pair != lisp.Value(lisp.Nil) {
				lisp.TypeError(op, pair, "a cons")
			}
		}
		v = c.Cdr
	}
	return lisp.Nil
}

// lstPlistFind returns the cons holding indicator in a property list, or
// nil.
func lstPlistFind(op string, plist, indicator lisp.Value) *lisp.Cons {
	var cycle lisp.Cycle
	for v := plist; v != lisp.Value(lisp.Nil); {
		c, ok := v.(*lisp.Cons)
		if !ok {
			lisp.TypeError(op, plist, "a property list")
		}
		next, ok := c.Cdr.(*lisp.Cons)
		if !ok {
			lisp.TypeError(op, plist, "a property list")
		}
		cycle.Visit(op, c)
		if c.Car == indicator {
			return c
		}
		v = next.Cdr
	}
	return nil
}

// lstSetMember says whether x (before :key) matches an element of list.
type lstSetMember func(x, list lisp.Value) bool

func lstSetFn(name, doc string, body func(a, b lisp.Value, in lstSetMember) lisp.Value) {
	defun(name, "(list-1 list-2 &key key test test-not)", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys(name, args[2:], "key", "test", "test-not")
		key, test := lstKey(t, kw), lstTest(t, kw)
		seqListLength(name, args[0])
		seqListLength(name, args[1])
		in := func(x, list lisp.Value) bool {
			return lstMember(name, key(x), list, key, test) != lisp.Value(lisp.Nil)
		}
		return body(args[0], args[1], in)
	})
}

// lstPushFiltered conses the elements of list that keep holds onto res, in
// reverse order (SBCL's order for intersection and set-difference).
func lstPushFiltered(list lisp.Value, keep func(lisp.Value) bool, res lisp.Value) lisp.Value {
	for c, ok := list.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
		if keep(c.Car) {
			res = &lisp.Cons{Car: c.Car, Cdr: res}
		}
	}
	return res
}

func lstUnion(a, b lisp.Value, in lstSetMember) lisp.Value {
	if a == lisp.Value(lisp.Nil) {
		return b
	}
	if b == lisp.Value(lisp.Nil) {
		return a
	}
	return lstPushFiltered(a, func(x lisp.Value) bool { return !in(x, b) }, b)
}

func lstNunion(a, b lisp.Value, in lstSetMember) lisp.Value {
	var out lisp.ListBuilder
	for c, ok := a.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
		if !in(c.Car, b) {
			out.Add(c.Car)
		}
	}
	return lstFinish(&out, b)
}

func lstSetDifference(a, b lisp.Value, in lstSetMember) lisp.Value {
	if b == lisp.Value(lisp.Nil) {
		return a
	}
	return lstPushFiltered(a, func(x lisp.Value) bool { return !in(x, b) }, lisp.Nil)
}

func lstSubstFn(t *eval.Thread, op string, args []lisp.Value) lisp.Value {
	kw := parseKeys(op, args[3:], "key", "test", "test-not")
	test, key := lstTest(t, kw), lstKey(t, kw)
	return lstSubst(args[2], func(x lisp.Value) (lisp.Value, bool) {
		if test(args[1], key(x)) {
			return args[0], true
		}
		return nil, false
	})
}

// lstSubst copies tree, replacing each subtree for which repl reports a
// replacement; unchanged subtrees are shared, as SBCL's subst shares them.
func lstSubst(tree lisp.Value, repl func(lisp.Value) (lisp.Value, bool)) lisp.Value {
	return lstSubstAt(tree, repl, 0)
}

// lstSubstAt is lstSubst at depth conses down: it recurses into cars and
// loops along cdrs, so a long list costs no Go stack, and it shares the
// longest unchanged tail.
func lstSubstAt(tree lisp.Value, repl func(lisp.Value) (lisp.Value, bool), depth int) lisp.Value {
	lisp.CheckWalkDepth("subst", depth)
	if r, ok := repl(tree); ok {
		return r
	}
	c, ok := tree.(*lisp.Cons)
	if !ok {
		return tree
	}
	var conses []*lisp.Cons
	var cars []lisp.Value
	var cycle lisp.Cycle
	var tail lisp.Value
	for {
		cycle.Visit("subst", c)
		conses = append(conses, c)
		cars = append(cars, lstSubstAt(c.Car, repl, depth+1))
		if r, ok := repl(c.Cdr); ok {
			tail = r
			break
		}
		next, ok := c.Cdr.(*lisp.Cons)
		if !ok {
			tail = c.Cdr
			break
		}
		c = next
	}
	out := tail
	for i := len(conses) - 1; i >= 0; i-- {
		if out == conses[i].Cdr && cars[i] == conses[i].Car {
			out = conses[i]
		} else {
			out = &lisp.Cons{Car: cars[i], Cdr: out}
		}
	}
	return out
}
