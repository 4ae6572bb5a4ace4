package lisp

import (
	"strings"
	"testing"
)

func testStructure(name string, slots ...string) *Class {
	c := &Class{Name: Sym(name), Kind: StructureClass}
	for _, s := range slots {
		c.Slots = append(c.Slots, Sym(s))
	}
	c.CPL = []*Class{c}
	return c
}

func TestPrintStructure(t *testing.T) {
	c := testStructure("point", "x", "y")
	p := &Instance{Class: c, Slots: []Value{MakeInt(1), NewString("a")}}
	if got, want := Prin1ToString(p), `#S(point :x 1 :y "a")`; got != want {
		t.Errorf("prin1: %s, want %s", got, want)
	}
	// princ keeps the slot names' colons, as SBCL does.
	if got, want := PrincToString(p), `#S(point :x 1 :y a)`; got != want {
		t.Errorf("princ: %s, want %s", got, want)
	}
	std := &Instance{Class: &Class{Name: Sym("account"), Kind: StandardClass}}
	if got, want := Prin1ToString(std), `#<account>`; got != want {
		t.Errorf("standard object: %s, want %s", got, want)
	}
	if got, want := Prin1ToString(c), `#<structure-class point>`; got != want {
		t.Errorf("class: %s, want %s", got, want)
	}
}

// A structure that contains itself prints to a bounded depth, as lists do.
func TestPrintCircularStructure(t *testing.T) {
	c := testStructure("node", "next")
	n := &Instance{Class: c, Slots: []Value{nil}}
	n.Slots[0] = n
	got := Prin1ToString(n)
	if !strings.HasSuffix(got, "#"+strings.Repeat(")", maxPrintDepth)) {
		t.Errorf("circular structure printed %d bytes ending %q", len(got), got[len(got)-20:])
	}
}

func TestEqualpStructures(t *testing.T) {
	c, d := testStructure("a", "x"), testStructure("b", "x")
	mk := func(k *Class, v Value) *Instance { return &Instance{Class: k, Slots: []Value{v}} }
	if !Equalp(mk(c, NewString("Hi")), mk(c, NewString("hI"))) {
		t.Error("equalp structures of the same type with equalp slots are not equalp")
	}
	if Equalp(mk(c, MakeInt(1)), mk(d, MakeInt(1))) {
		t.Error("structures of different types are equalp")
	}
	if Equal(mk(c, MakeInt(1)), mk(c, MakeInt(1))) {
		t.Error("distinct structures are equal")
	}
	s := &Class{Name: Sym("obj"), Kind: StandardClass}
	if Equalp(mk(s, MakeInt(1)), mk(s, MakeInt(1))) {
		t.Error("distinct standard objects are equalp")
	}
}

func TestComputeCPL(t *testing.T) {
	mk := func(name string, supers ...*Class) *Class {
		c := &Class{Name: Sym(name), Supers: supers}
		cpl, ok := ComputeCPL(c, supers)
		if !ok {
			t.Fatalf("%s: no precedence order", name)
		}
		c.CPL = cpl
		return c
	}
	top := mk("top")
	a, b := mk("a", top), mk("b", top)
	c := mk("c", a, b)
	d := mk("d", b)
	e := mk("e", c, d)
	var names []string
	for _, k := range e.CPL {
		names = append(names, k.Name.Name)
	}
	if got, want := strings.Join(names, " "), "E C A D B TOP"; got != want {
		t.Errorf("cpl %s, want %s", got, want)
	}
	bad := &Class{Name: Sym("bad")}
	if _, ok := ComputeCPL(bad, []*Class{a, c}); ok {
		t.Error("a class listing a superclass before its subclass has a precedence order")
	}
}
