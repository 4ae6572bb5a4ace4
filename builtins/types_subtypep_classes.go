package builtins

// subtypep over classes: structure types, standard classes and class
// objects given where a type name is expected.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// subtypepClassNamed turns a class object of a built-in or condition
// class into its name, which the type lattice knows; other values are
// returned as they are.
func subtypepClassNamed(v lisp.Value) lisp.Value {
	if c, ok := v.(*lisp.Class); ok && c.Name != nil && (c.Kind == lisp.BuiltInClass || c.Kind == lisp.ConditionClass) {
		if c.Name.Name != "STRUCTURE-OBJECT" && c.Name.Name != "STANDARD-OBJECT" {
			return c.Name
		}
	}
	return v
}

// objectClass returns the class a type names when it is a structure type,
// a standard class, structure-object or standard-object, by name or as a
// class object; nil otherwise.
func objectClass(t *eval.Thread, v lisp.Value) *lisp.Class {
	var c *lisp.Class
	switch x := v.(type) {
	case *lisp.Class:
		c = x
	case *lisp.Symbol:
		switch x.Name {
		case "STRUCTURE-OBJECT", "STANDARD-OBJECT":
			return builtinClasses()[x]
		}
		c = closOf(t).classes[x]
	}
	if c == nil {
		return nil
	}
	switch {
	case c.Kind == lisp.StructureClass, c.Kind == lisp.StandardClass:
		return c
	case c.Name != nil && (c.Name.Name == "STRUCTURE-OBJECT" || c.Name.Name == "STANDARD-OBJECT"):
		return c
	}
	return nil
}

// subtypepClasses answers (subtypep a b) when a side is an object class:
// between two of them by the class precedence list, and against a
// standard type name (integer, cons, condition, …) as disjoint, since no
// instance of a structure or standard class is a number, a list or any
// other built-in object. done is false when neither side is such a class.
func subtypepClasses(t *eval.Thread, a, b lisp.Value) (sub, sure, done bool) {
	ca, cb := objectClass(t, a), objectClass(t, b)
	switch {
	case ca != nil && cb != nil:
		return ca.IsSubclassOf(cb), true, true
	case ca != nil:
		if name, ok := atomicTypeName(t, b); ok {
			return name == "T" || name == "ATOM", true, true
		}
	case cb != nil:
		// generic-function and class are standard objects.
		if name, ok := atomicTypeName(t, a); ok {
			return typeAncestor(t, name, cb.Name.Name), true, true
		}
	}
	return false, false, false
}
