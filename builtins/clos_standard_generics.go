package builtins

// make-instance, class-name, describe-object and no-next-method as the
// generic functions CL makes them: a program may add methods (on its own
// classes, say), and until it does they run their library method
// directly, which keeps them cheap.

import (
	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

var (
	sMakeInstance = lisp.Sym("make-instance")
	sClassName    = lisp.Sym("class-name")
	sNoNextMethod = lisp.Sym("no-next-method")
	// sDescribeObject is what describe calls once the program has
	// methods on it.
	sDescribeObject = lisp.Sym("describe-object")
)

// Added at initialisation: the methods make generic functions, whose
// maker reads the table.
func init() {
	standardGenerics[sMakeInstance.Name] = standardGeneric{1, "(class &rest initargs)", installMakeInstance}
	standardGenerics[sClassName.Name] = standardGeneric{1, "(class)", func(g *generic) { libraryMethod(g, className) }}
	standardGenerics[sDescribeObject.Name] = standardGeneric{2, "(object stream)", func(g *generic) {
		libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
			streamArg(t, "describe-object", args[1]).WriteString(docsDescribe(t, args[0]))
			return lisp.Nil
		})
	}}
	standardGenerics[sNoNextMethod.Name] = standardGeneric{2, "(generic-function method &rest arguments)", func(g *generic) {
		libraryMethod(g, func(t *eval.Thread, args []lisp.Value) lisp.Value {
			name := lisp.Prin1ToString(args[0])
			if b, ok := args[0].(*eval.Builtin); ok {
				name = b.Name
			}
			noNextMethodError(name, args[2:])
			return nil
		})
	}}
}

// installMakeInstance gives make-instance its library methods: one for a
// class name, which calls make-instance again with the class, so that
// methods on standard-class apply to both; one for a class.
func installMakeInstance(g *generic) {
	loadBuiltinClasses()
	g.addMethod(&method{specs: []specializer{{class: classSymbol}}, builtin: true, shape: shape{nreq: 1, hasRest: true, allowOther: true},
		direct: func(t *eval.Thread, args []lisp.Value) lisp.Value {
			return g.call(t, append([]lisp.Value{classArg(t, "make-instance", args[0])}, args[1:]...))
		}})
	libraryMethod(g, makeInstance)
}

// className is class-name's library method.
func className(t *eval.Thread, args []lisp.Value) lisp.Value {
	c, ok := args[0].(*lisp.Class)
	if !ok {
		lisp.TypeError("class-name", args[0], "a class")
	}
	return c.Name
}

// viaGeneric returns a library function that calls the standard generic
// function name once the program has methods of its own on it, and its
// library method direct before.
func viaGeneric(name *lisp.Symbol, direct func(t *eval.Thread, args []lisp.Value) lisp.Value) func(t *eval.Thread, args []lisp.Value) lisp.Value {
	return func(t *eval.Thread, args []lisp.Value) lisp.Value {
		if g := programMethods(t, name); g != nil {
			return g.call(t, args)
		}
		return direct(t, args)
	}
}

func registerClosStandardGenerics() {
	defun("make-instance", standardGenerics[sMakeInstance.Name].lambdaList, "Make an instance of the class (a class or its name), initialised from the initargs by initialize-instance. A standard generic function.", viaGeneric(sMakeInstance, makeInstance))
	defun("class-name", standardGenerics[sClassName.Name].lambdaList, "Return the name of the class. A standard generic function.", viaGeneric(sClassName, className))
	defun("describe-object", standardGenerics[sDescribeObject.Name].lambdaList, "A standard generic function describe calls to print what it knows of the object on the stream; programs add methods to it with defmethod.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return closOf(t).generic(t, "describe-object", sDescribeObject).call(t, args)
	})
	defun("no-next-method", standardGenerics[sNoNextMethod.Name].lambdaList, "A standard generic function call-next-method calls when there is no next method; its default method signals an error. Programs add methods to it with defmethod.", func(t *eval.Thread, args []lisp.Value) lisp.Value {
		return closOf(t).generic(t, "no-next-method", sNoNextMethod).call(t, args)
	})
}
