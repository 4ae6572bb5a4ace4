package builtins

// Classes: the image's registry of structure types, standard classes and
// generic functions; the built-in classes of the standard types, shared by
// every image; class-of, find-class, class-name, and typep on classes.

import (
	"math/big"
	"strings"
	"sync"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// closImage is one image's classes and generic functions.
type closImage struct {
	classes  map[*lisp.Symbol]*lisp.Class // defstruct and defclass types, and condition classes once used
	generics map[*lisp.Symbol]*generic
	// combinations are those define-method-combination defines.
	combinations map[*lisp.Symbol]*combination
	generation   int // bumped when a class changes, which stales every dispatch cache
	// forward are the placeholders of classes named as superclasses
	// before their defclass.
	forward map[*lisp.Symbol]*lisp.Class
	in      *eval.Interp
}

type closKey struct{}

// closOf returns the image's registry, made on first use.
func closOf(t *eval.Thread) *closImage { return closIn(t.Interp()) }

// closIn is closOf for an image with no thread at hand.
func closIn(in *eval.Interp) *closImage {
	return in.Extension(closKey{}, func() any {
		return &closImage{classes: map[*lisp.Symbol]*lisp.Class{}, generics: map[*lisp.Symbol]*generic{}, combinations: map[*lisp.Symbol]*combination{}, forward: map[*lisp.Symbol]*lisp.Class{}, in: in}
	}).(*closImage)
}

// builtinClasses are the classes of the standard types, one set for all
// images: nothing a program does changes them.
var builtinClasses = sync.OnceValue(func() map[*lisp.Symbol]*lisp.Class {
	m := map[*lisp.Symbol]*lisp.Class{}
	// Each class with its direct superclasses, a class after those.
	tree := [][]string{
		{"t"},
		{"number", "t"}, {"real", "number"}, {"rational", "real"}, {"integer", "rational"},
		{"fixnum", "integer"}, {"bignum", "integer"}, {"ratio", "rational"},
		{"float", "real"}, {"double-float", "float"}, {"single-float", "float"}, {"complex", "number"},
		{"symbol", "t"}, {"sequence", "t"}, {"list", "sequence"}, {"cons", "list"}, {"null", "symbol", "list"},
		{"array", "t"}, {"vector", "array", "sequence"}, {"string", "vector"}, {"simple-array", "array"},
		{"simple-vector", "vector", "simple-array"},
		{"bit-vector", "vector"},
		{"character", "t"}, {"hash-table", "t"}, {"function", "t"}, {"stream", "t"},
		{"structure-object", "t"}, {"standard-object", "t"}, {"condition", "t"},
		{"broadcast-stream", "stream"}, {"concatenated-stream", "stream"}, {"echo-stream", "stream"},
		{"file-stream", "stream"}, {"string-stream", "stream"}, {"synonym-stream", "stream"}, {"two-way-stream", "stream"},
		{"package", "t"}, {"pathname", "t"}, {"logical-pathname", "pathname"}, {"random-state", "t"},
		{"readtable", "t"}, {"restart", "t"},
		{"class", "standard-object"}, {"built-in-class", "class"}, {"structure-class", "class"}, {"standard-class", "class"},
		{"generic-function", "function", "standard-object"}, {"standard-generic-function", "generic-function"},
		{"method", "standard-object"}, {"standard-method", "method"}, {"method-combination", "standard-object"},
	}
	for _, row := range tree {
		c := &lisp.Class{Name: lisp.Sym(row[0]), Kind: lisp.BuiltInClass}
		for _, s := range row[1:] {
			c.Supers = append(c.Supers, m[lisp.Sym(s)])
		}
		c.CPL, _ = lisp.ComputeCPL(c, c.Supers)
		m[c.Name] = c
	}
	return m
})

// builtinClass returns the built-in class name, which must exist.
func builtinClass(name string) *lisp.Class { return builtinClasses()[lisp.Sym(name)] }

// The built-in classes class-of answers most often, looked up once.
var (
	classT, classFixnum, classBignum, classRatio, classDouble, classChar      *lisp.Class
	classSymbol, classNull, classCons, classString, classVector, classSimpleV *lisp.Class
	classHash, classFunction, classStructure, classStandard                   *lisp.Class
	classCondition                                                            *lisp.Class
	builtinOnce                                                               sync.Once
)

func loadBuiltinClasses() {
	builtinOnce.Do(func() {
		b := builtinClass
		classT, classFixnum, classBignum, classRatio = b("t"), b("fixnum"), b("bignum"), b("ratio")
		classDouble, classChar, classSymbol, classNull = b("double-float"), b("character"), b("symbol"), b("null")
		classCons, classString, classVector, classSimpleV = b("cons"), b("string"), b("vector"), b("simple-vector")
		classHash, classFunction = b("hash-table"), b("function")
		classStructure, classStandard, classCondition = b("structure-object"), b("standard-object"), b("condition")
	})
}

// classOf is CL's class-of.
func (ci *closImage) classOf(t *eval.Thread, v lisp.Value) *lisp.Class {
	loadBuiltinClasses()
	switch x := v.(type) {
	case *lisp.Instance:
		return ci.resolve(t, x).Class
	case lisp.Fixnum:
		return classFixnum
	case *big.Int:
		return classBignum
	case *big.Rat:
		return classRatio
	case lisp.Float:
		return classDouble
	case *lisp.Complex:
		return builtinClass("complex")
	case lisp.Char:
		return classChar
	case *lisp.Symbol:
		if x == lisp.Nil {
			return classNull
		}
		return classSymbol
	case *lisp.Cons:
		return classCons
	case *lisp.String:
		return classString
	case *lisp.Vector:
		if x.FillPointer || x.Adjustable {
			return classVector
		}
		return classSimpleV
	case *lisp.Array:
		// Arrays of rank other than one are never adjustable or with a
		// fill pointer here; only a displaced one is not simple.
		if x.DisplacedTo != nil {
			return builtinClass("array")
		}
		return builtinClass("simple-array")
	case *lisp.HashTable:
		return classHash
	case *lisp.RandomState:
		return builtinClass("random-state")
	case *lisp.Pathname:
		if x.Logical {
			return builtinClass("logical-pathname")
		}
		return builtinClass("pathname")
	case *lisp.Condition:
		return ci.conditionClass(t, x.Class)
	case *lisp.Stream, *lisp.InputStream, *lisp.CompositeStream:
		return builtinClass(strings.ToLower(streamClassName(x)))
	case *method:
		return builtinClass("standard-method")
	case *lisp.Class:
		// The class's metaclass, so that methods specialise on
		// standard-class and the others.
		if k := builtinClass(metaclassName(x)); k != nil {
			return k
		}
		return builtinClass("class")
	case lisp.Function:
		if ci.isGeneric(v) {
			return builtinClass("standard-generic-function")
		}
		return classFunction
	}
	return classT
}

// StructureOrClass returns the structure type or standard class an image
// defines under name: what a restore of the image's saved values makes
// instances of.
func StructureOrClass(in *eval.Interp, name *lisp.Symbol) (*lisp.Class, bool) {
	c, ok := closIn(in).classes[name]
	if !ok || (c.Kind != lisp.StructureClass && c.Kind != lisp.StandardClass) {
		return nil, false
	}
	return c, true
}

// findClass returns the class named name, or nil.
func (ci *closImage) findClass(t *eval.Thread, name *lisp.Symbol) *lisp.Class {
	if c, ok := ci.classes[name]; ok {
		return c
	}
	if c, ok := builtinClasses()[name]; ok {
		return c
	}
	if lisp.IsConditionClassIn(t.ConditionClasses(), name) {
		return ci.conditionClass(t, name)
	}
	return nil
}

// conditionClass returns the class of the condition type name, made the
// first time it is asked for. A condition type define-condition redefines
// gets a fresh class, so the cache is checked against its parents.
func (ci *closImage) conditionClass(t *eval.Thread, name *lisp.Symbol) *lisp.Class {
	loadBuiltinClasses()
	if name == lisp.ClassCondition {
		return classCondition
	}
	parents, ok := lisp.ConditionParents(t.ConditionClasses(), name)
	if !ok {
		return classCondition
	}
	if c, ok := ci.classes[name]; ok && c.Kind == lisp.ConditionClass && sameParents(c, parents) {
		return c
	}
	c := &lisp.Class{Name: name, Kind: lisp.ConditionClass}
	for _, p := range parents {
		c.Supers = append(c.Supers, ci.conditionClass(t, p))
	}
	c.CPL, _ = lisp.ComputeCPL(c, c.Supers)
	if old, ok := ci.classes[name]; ok && old.Kind == lisp.ConditionClass {
		*old = *c // methods specialised on the old class keep applying
		c = old
	}
	ci.classes[name] = c
	ci.generation++
	return c
}

func sameParents(c *lisp.Class, parents []*lisp.Symbol) bool {
	if len(c.Supers) != len(parents) {
		return false
	}
	for i, p := range parents {
		if c.Supers[i].Name != p {
			return false
		}
	}
	return true
}

// resolve makes a #S(…) literal read before its structure was defined an
// instance of that structure, in place, the first time it is used; any
// other instance is returned as it is.
func (ci *closImage) resolve(t *eval.Thread, x *lisp.Instance) *lisp.Instance {
	if x.Class.Kind != lisp.UnresolvedClass {
		return x
	}
	name := x.Class.Name
	c, ok := ci.classes[name]
	if !ok || (c.Kind != lisp.StructureClass && c.Kind != lisp.StandardClass) {
		lisp.Errorf("#S: %s is not a structure type", lisp.Prin1ToString(name))
	}
	made := ci.construct(t, "#S", c, x.Slots)
	*x = *made
	return x
}

// typep answers typep for a type that names a class; known is false when
// name names none.
func (ci *closImage) typep(t *eval.Thread, v lisp.Value, name *lisp.Symbol) (is, known bool) {
	if is, known := metaclassTypep(v, name); known {
		return is, true
	}
	if name.Name == "GENERIC-FUNCTION" || name.Name == "STANDARD-GENERIC-FUNCTION" {
		return ci.isGeneric(v), true
	}
	if name.Name == "METHOD" || name.Name == "STANDARD-METHOD" {
		_, is := v.(*method)
		return is, true
	}
	c, ok := ci.classes[name]
	if !ok {
		switch name.Name {
		case "STRUCTURE-OBJECT", "STANDARD-OBJECT":
			c = builtinClasses()[name]
		default:
			return false, false
		}
	}
	if c.Kind == lisp.ConditionClass {
		return false, false // conditions answer typep themselves
	}
	x, ok := v.(*lisp.Instance)
	if !ok {
		return false, true
	}
	return ci.resolve(t, x).Class.IsSubclassOf(c), true
}

// classTypep is the hook predicates.go calls for a type symbol it does
// not know itself.
func classTypep(t *eval.Thread, v lisp.Value, name *lisp.Symbol) (is, known bool) {
	return closOf(t).typep(t, v, name)
}

// classTypeOf is type-of for instances (the name of their class) and
// for classes (the name of their family); ok is false for other values.
func classTypeOf(t *eval.Thread, v lisp.Value) (lisp.Value, bool) {
	switch x := v.(type) {
	case *lisp.Instance:
		// The class itself when its name no longer names it.
		c := closOf(t).resolve(t, x).Class
		if closOf(t).classes[c.Name] != c {
			return c, true
		}
		return c.Name, true
	case *lisp.Class:
		return lisp.Sym(x.MetaclassName()), true
	}
	return nil, false
}

// metaclassName is the name of the class of class c: the classes of the
// object system's own objects are standard classes, and structure-object
// a structure class, as in SBCL.
func metaclassName(c *lisp.Class) string {
	if c.Kind == lisp.BuiltInClass {
		switch c.Name.Name {
		case "STRUCTURE-OBJECT":
			return "structure-class"
		case "STANDARD-OBJECT", "CLASS", "BUILT-IN-CLASS", "STRUCTURE-CLASS", "STANDARD-CLASS", "METHOD", "STANDARD-METHOD", "METHOD-COMBINATION":
			return "standard-class"
		}
	}
	return c.MetaclassName()
}

// metaclassTypep answers typep for the types of class objects.
func metaclassTypep(v lisp.Value, name *lisp.Symbol) (is, known bool) {
	c, isClass := v.(*lisp.Class)
	switch name.Name {
	case "CLASS":
		return isClass, true
	case "BUILT-IN-CLASS", "STRUCTURE-CLASS", "STANDARD-CLASS":
		return isClass && metaclassName(c) == printName(name), true
	}
	return false, false
}

func classArg(t *eval.Thread, op string, v lisp.Value) *lisp.Class {
	switch x := v.(type) {
	case *lisp.Class:
		return x
	case *lisp.Symbol:
		if c := closOf(t).findClass(t, x); c != nil {
			return c
		}
		lisp.Errorf("%s: there is no class named %s", op, lisp.Prin1ToString(x))
	}
	lisp.TypeError(op, v, "a class or a class name")
	return nil
}

func registerClosClass() {
	defun("class-of", "(object)", "Return the class of the object.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return closOf(t).classOf(t, args[0])
	})
	defun("find-class", "(symbol &optional errorp environment)", "Return the class named symbol; if there is none, signal an error, or return nil when errorp is nil.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		name := symbolArg("find-class", args[0])
		if c := closOf(t).findClass(t, name); c != nil {
			return c
		}
		if len(args) > 1 && args[1] == lisp.Value(lisp.Nil) {
			return lisp.Nil
		}
		lisp.Errorf("find-class: there is no class named %s", lisp.Prin1ToString(name))
		return nil
	})
	defun("(setf find-class)", "(class symbol &optional errorp environment)", "Make symbol name the class, or name no class when class is nil; return class.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		name := symbolArg("(setf find-class)", args[1])
		ci := closOf(t)
		switch c := args[0].(type) {
		case *lisp.Class:
			ci.classes[name] = c
		default:
			if args[0] != lisp.Value(lisp.Nil) {
				lisp.TypeError("(setf find-class)", args[0], "a class or nil")
			}
			// The name no longer names a class; a later defclass or
			// defstruct of it makes a new one.
			delete(ci.classes, name)
		}
		ci.generation++
		return args[0]
	})
	defun("(setf class-name)", "(new-name class)", "Set the name of the class (which find-class does not change); return new-name.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		c, ok := args[1].(*lisp.Class)
		if !ok {
			lisp.TypeError("(setf class-name)", args[1], "a class")
		}
		name := symbolArg("(setf class-name)", args[0])
		if c.Kind != lisp.StandardClass && c.Kind != lisp.StructureClass {
			// The built-in classes are shared by every image.
			lisp.Errorf("(setf class-name): the class %s is not a class the program defined", lisp.Prin1ToString(c.Name))
		}
		c.Name = name
		closOf(t).generation++
		return name
	})
}

// isGeneric reports whether v is one of the image's generic functions
// (the library's print-object and initialize-instance among them).
func (ci *closImage) isGeneric(v lisp.Value) bool {
	b, ok := v.(*eval.Builtin)
	if !ok {
		return false
	}
	switch strings.ToUpper(b.Name) {
	// The standard generic functions (CLHS 7.7 and 4.3.7's table).
	case "PRINT-OBJECT", "INITIALIZE-INSTANCE", "NO-APPLICABLE-METHOD", "ADD-METHOD", "ALLOCATE-INSTANCE",
		"CHANGE-CLASS", "CLASS-NAME", "COMPUTE-APPLICABLE-METHODS", "DESCRIBE-OBJECT", "DOCUMENTATION",
		"FIND-METHOD", "FUNCTION-KEYWORDS", "MAKE-INSTANCE", "MAKE-INSTANCES-OBSOLETE", "MAKE-LOAD-FORM",
		"METHOD-QUALIFIERS", "NO-NEXT-METHOD", "REINITIALIZE-INSTANCE", "REMOVE-METHOD", "SHARED-INITIALIZE",
		"SLOT-MISSING", "SLOT-UNBOUND", "UPDATE-INSTANCE-FOR-DIFFERENT-CLASS", "UPDATE-INSTANCE-FOR-REDEFINED-CLASS",
		"(SETF CLASS-NAME)":
		return true
	}
	for _, g := range ci.generics {
		if g.fn == b {
			return true
		}
	}
	return false
}
