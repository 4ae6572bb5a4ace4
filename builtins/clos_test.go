package builtins

import (
	"context"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// The errors of structures and CLOS, which SBCL words its own way: each
// must name what went wrong and where.
func TestClosErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"no applicable method names function and classes",
			"(defgeneric area (s)) (defmethod area ((s string)) 1) (area 5)",
			"area: there is no applicable method for arguments (5), of classes (fixnum)"},
		{"only qualified methods",
			"(defgeneric f (x)) (defmethod f :before ((x t)) 1) (f 'a)",
			"f: there is no primary method for arguments (a), of classes (symbol)"},
		{"no next method",
			"(defgeneric g (x)) (defmethod g ((x integer)) (call-next-method)) (g 1)",
			"call-next-method: there is no next method of g for arguments (1)"},
		{"arity against the generic function",
			"(defgeneric h (a b)) (defmethod h ((a t)) a)",
			"defmethod: the lambda list of a method of h has 1 required parameters, the generic function 2"},
		{"unknown specializer class",
			"(defmethod k ((x no-such-class)) x)",
			"defmethod: there is no class named no-such-class"},
		{"unknown qualifier",
			"(defmethod q :sometimes ((x t)) x)",
			"defmethod: method qualifier :sometimes is not supported (only :before, :after and :around, of the standard method combination)"},
		{"defmethod on an ordinary function",
			"(defun plain (x) x) (defmethod plain ((x t)) x)",
			"defmethod: plain already names an ordinary function"},
		{"ensure-class is unsupported",
			"(ensure-class 'a)",
			"ensure-class is not supported: nodelisp implements the CLOS that programs use (defclass, defgeneric, defmethod, make-instance, slot access) without the metaobject protocol"},
		{"argument precedence order not a permutation",
			"(defgeneric apo (x y) (:argument-precedence-order x y x))",
			"defgeneric: the argument precedence order (x y x) is not a permutation of the required parameters of (x y)"},
		{"change-class of a structure",
			"(defclass a () ()) (defstruct s x) (change-class (make-s) 'a)",
			"change-class: only an instance of a standard class can change to another standard class, not #S(s :x nil) to a"},
		{"invalid initarg",
			"(defclass a () ((x :initarg :x))) (make-instance 'a :y 1)",
			"make-instance: invalid initialization argument :y for class a"},
		{"unbound slot",
			"(defclass a () (x)) (slot-value (make-instance 'a) 'x)",
			"slot-value: the slot x is unbound in the object #<a>"},
		{"missing slot",
			"(defclass a () (x)) (slot-value (make-instance 'a) 'y)",
			"slot-value: when attempting to access the slot y, the slot is missing from the object #<a>"},
		{"undefined superclass",
			"(defclass b (nowhere) ()) (make-instance 'b)",
			"make-instance: the class b has the superclass nowhere, which is not defined"},
		{"inconsistent precedence",
			"(defclass a () ()) (defclass b (a) ()) (defclass c (a b) ())",
			"defclass: the superclasses of c have no consistent precedence order"},
		{"make-instance of a structure",
			"(defstruct s x) (make-instance 's)",
			"make-instance: s is not a standard class (make-instance makes instances of classes defined by defclass)"},
		{"unsupported class option",
			"(defclass a () () (:metaclass foo))",
			"defclass: the class option (:metaclass foo) is not supported (only (:metaclass standard-class))"},
		{"defstruct :type",
			"(defstruct (s (:type integer)) x)",
			"defstruct: (:type integer): the type must be list, vector or (vector element-type)"},
		{"defstruct unknown option",
			"(defstruct (s (:colour red)) x)",
			"defstruct: unknown option :colour"},
		{"include of a non-structure",
			"(defstruct (s (:include nothing)) x)",
			"defstruct: nothing is not a structure type"},
		{"slot type checked",
			"(defstruct s (n 0 :type integer)) (make-s :n \"x\")",
			"make-s: the value \"x\" is not of type integer"},
		{"#S of an unknown type",
			"(print (read-from-string \"#S(nothing :a 1)\")) (slot-value (read-from-string \"#S(nothing :a 1)\") 'a)",
			"#S: nothing is not a structure type"},
		{"#S with an unknown slot",
			"(defstruct s x) (s-x '#S(s :y 1))",
			"#S: s has no slot named :y"},
	}
	for _, tc := range tests {
		_, err := evalMacroTest(t, tc.src)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		msg := err.Error()
		if c, ok := err.(*lisp.Condition); ok {
			msg = c.Message
		}
		if msg != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, msg, tc.want)
		}
	}
}

// A cell's value is printed after the cell has run, by the host; a
// print-object method must still be used then.
func TestPrintObjectBetweenCells(t *testing.T) {
	in := eval.New(eval.Limits{})
	Install(in)
	ctx := context.Background()
	var out strings.Builder
	if _, err := in.EvalString(ctx, `(defclass p () ((n :initarg :n))) (defmethod print-object ((x p) s) (format s "<p ~a>" (slot-value x 'n)))`, &out); err != nil {
		t.Fatal(err)
	}
	res, err := in.EvalString(ctx, `(make-instance 'p :n 3)`, &out)
	if err != nil {
		t.Fatal(err)
	}
	if got := lisp.Prin1ToString(res.Value); got != "<p 3>" {
		t.Errorf("printed %q, want %q", got, "<p 3>")
	}
}

// #S literals read before their defstruct, in the same cell, and the
// round trip through prin1 and read.
func TestStructureLiterals(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"literal completed by initforms", "(defstruct pt (x 1) (y 2)) '#S(pt :y 5)", "#S(pt :x 1 :y 5)"},
		{"literal inside a list", "(defstruct pt x) (pt-x (second '(a #S(pt :x 9))))", "9"},
		{"literal is of its type", "(defstruct pt x) (list (typep '#S(pt :x 1) 'pt) (type-of #S(pt :x 1)))", "(t pt)"},
		{"round trip", "(defstruct pt x (y \"s\")) (let ((p (make-pt :x '(1 #\\a)))) (equalp p (read-from-string (prin1-to-string p))))", "t"},
		{"literal of a standard class", "(defclass c () ((a :initform 4) (b))) (slot-value '#S(c :b 2) 'a)", "4"},
		{"equalp needs the same type", "(defstruct a x) (defstruct b x) (equalp (make-a :x 1) (make-b :x 1))", "nil"},
	}
	for _, tc := range tests {
		got, err := evalMacroTest(t, tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestGenericKeywords(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unknown keyword", "(defgeneric m (x &key a)) (defmethod m ((x t) &key a) a) (m 1 :b 2)", "m: unknown keyword argument :b"},
		{"odd keywords", "(defgeneric m (x &key a)) (defmethod m ((x t) &key a) a) (m 1 :a)", "m: odd number of keyword arguments"},
		{"optional count", "(defgeneric m (x &optional y)) (defmethod m ((x t)) x)", "defmethod: a lambda list of m has 0 optional parameters, the generic function 1"},
		{"too many arguments", "(defgeneric m (x)) (defmethod m ((x t)) x) (m 1 2)", "m: expected 1 argument, got 2"},
		{"too many with optionals", "(defgeneric m (x &optional y)) (defmethod m ((x t) &optional y) y) (m 1 2 3)", "m: expected 1 to 2 arguments, got 3"},
		{"too few", "(defgeneric m (x y)) (m 1)", "m: expected 2 arguments, got 1"},
		{"print-object arity", "(defstruct s) (defmethod print-object ((x s) stream) 1) (print-object (make-s) t 3)", "print-object: expected 2 arguments, got 3"},
		{"rest against none", "(defgeneric m (x)) (defmethod m ((x t) &rest r) r)", "defmethod: a lambda list of m takes &rest or &key arguments, the generic function no &rest or &key arguments"},
	}
	for _, tc := range tests {
		_, err := evalMacroTest(t, tc.src)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if c, ok := err.(*lisp.Condition); !ok || c.Message != tc.want {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

// The names a cell defined, which eviction stubs list, include what
// defstruct, defclass, defgeneric and defmethod define.
func TestClosDefinedNames(t *testing.T) {
	in := eval.New(eval.Limits{})
	Install(in)
	res, err := in.EvalString(context.Background(), `(defstruct (pt (:constructor mk (x))) x (y 0 :read-only t))
(defclass acct () ((bal :accessor bal) (id :reader id)))
(defgeneric area (s))
(defmethod area ((a acct)) 1)
(defmethod print-object ((a acct) s) 1)`, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "mk pt-p copy-pt pt-x (setf pt-x) pt-y acct bal (setf bal) id area print-object"
	if got := strings.Join(res.Defined, " "); got != want {
		t.Errorf("defined %q, want %q", got, want)
	}
}
