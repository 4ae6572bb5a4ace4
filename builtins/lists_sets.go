package builtins

// The list functions the first library left out: the destructive set and
// substitution variants (which may reuse their arguments in CL and here
// build fresh structure, as nsubst does) and get-properties.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

func registerListsSets() {
	lstXorFn("nset-exclusive-or", "Return a list of the elements found in exactly one of the lists (may reuse the lists).")
	defun("nsublis", "(alist tree &key key test test-not)", "As sublis (nodelisp copies rather than modifying the tree).", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return lstSublis(t, "nsublis", args)
	})
	defun("get-properties", "(plist indicator-list)", "Return the first indicator of the property list found in indicator-list, its value and the tail of the list that starts with it; three nils when none is.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		for v := args[0]; v != lisp.Value(lisp.Nil); {
			c, ok := v.(*lisp.Cons)
			if !ok {
				lisp.TypeError("get-properties", args[0], "a property list")
			}
			next, ok := c.Cdr.(*lisp.Cons)
			if !ok {
				lisp.TypeError("get-properties", args[0], "a property list")
			}
			if lstMember("get-properties", c.Car, args[1], func(x lisp.Value) lisp.Value { return x }, lisp.Eq) != lisp.Value(lisp.Nil) {
				return t.Values(c.Car, next.Car, c)
			}
			v = next.Cdr
		}
		return t.Values(lisp.Nil, lisp.Nil, lisp.Nil)
	})
}

// lstXorFn registers set-exclusive-or or its n- variant. The test is
// always called with an element of list-1 first and one of list-2 second,
// as CL requires, also when looking for list-2's elements in list-1.
func lstXorFn(name, doc string) {
	defun(name, "(list-1 list-2 &key key test test-not)", doc, func(t *eval.Thread, args []lisp.Value) lisp.Value {
		kw := parseKeys(name, args[2:], "key", "test", "test-not")
		key, test := lstKey(t, kw), lstTest(t, kw)
		a, b := args[0], args[1]
		seqListLength(name, a)
		seqListLength(name, b)
		inB := func(x lisp.Value) bool {
			kx := key(x)
			for c, ok := b.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
				if test(kx, key(c.Car)) {
					return true
				}
			}
			return false
		}
		inA := func(y lisp.Value) bool {
			ky := key(y)
			for c, ok := a.(*lisp.Cons); ok; c, ok = c.Cdr.(*lisp.Cons) {
				if test(key(c.Car), ky) {
					return true
				}
			}
			return false
		}
		res := lstPushFiltered(a, func(x lisp.Value) bool { return !inB(x) }, lisp.Nil)
		return lstPushFiltered(b, func(y lisp.Value) bool { return !inA(y) }, res)
	})
}
