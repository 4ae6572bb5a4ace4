package imagestate

import (
	"errors"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

// Arrays of any rank, bit vectors and instances (labelled when shared,
// their own slot pointing back included) come back with their shape.
func TestArraysBitsAndInstances(t *testing.T) {
	point := &lisp.Class{Name: lisp.Intern("POINT"), Kind: lisp.StructureClass,
		Slots: []*lisp.Symbol{lisp.Intern("X"), lisp.Intern("Y"), lisp.Intern("NEXT")}}
	classes := func(name *lisp.Symbol) (*lisp.Class, bool) { return point, name == point.Name }
	p := &lisp.Instance{Class: point, Slots: []lisp.Value{lisp.MakeInt(1), nil, nil}}
	p.Slots[2] = p // a cycle through a slot; Y unbound
	grid := &lisp.Array{Dims: []int{2, 2}, Items: []lisp.Value{lisp.MakeInt(1), p, lisp.MakeInt(3), lisp.NewString("four")}}
	bits := &lisp.Vector{Bits: true, Items: []lisp.Value{lisp.MakeInt(1), lisp.MakeInt(0)}}
	v := lisp.List(grid, bits, p)

	text, err := Print(v)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadIn(text, classes)
	if err != nil {
		t.Fatalf("read %q: %v", text, err)
	}
	if again, _ := Print(back); again != text {
		t.Fatalf("printed again %q, want %q", again, text)
	}
	items := lisp.ListToSlice("test", back)
	g, b, q := items[0].(*lisp.Array), items[1].(*lisp.Vector), items[2].(*lisp.Instance)
	if len(g.Dims) != 2 || g.Items[1] != q || !b.Bits || q.Slots[2] != q || q.Slots[1] != nil {
		t.Errorf("read back with the wrong shape: %s", text)
	}
	if _, err := Read(text); err == nil {
		t.Errorf("an instance read with no classes gave no error")
	}
	if _, err := Print(&lisp.Instance{Class: &lisp.Class{Name: lisp.Intern("C"), Kind: lisp.ConditionClass}}); !errors.Is(err, ErrUnreadable) {
		t.Errorf("a condition instance printed: %v", err)
	}
}

// A value nested past lisp.MaxWalkDepth is refused as unreadable, by car
// and by a run of shared cdrs, and so is text nested that deep: never
// Go's fatal stack overflow.
func TestDeepValuesAndText(t *testing.T) {
	var deep lisp.Value = lisp.Nil
	for i := 0; i < 3*lisp.MaxWalkDepth; i++ {
		deep = lisp.List(deep)
	}
	if _, err := Print(deep); !errors.Is(err, ErrUnreadable) {
		t.Errorf("a deep list printed: %v", err)
	}
	// Every tail of a long list also held elsewhere: each is labelled and
	// written after a dot.
	long := lisp.Value(lisp.Nil)
	var tails []lisp.Value
	for i := 0; i < 2*lisp.MaxWalkDepth; i++ {
		long = &lisp.Cons{Car: lisp.MakeInt(int64(i)), Cdr: long}
		tails = append(tails, long)
	}
	if _, err := Print(lisp.List(long, lisp.List(tails...))); !errors.Is(err, ErrUnreadable) {
		t.Errorf("a long run of shared cdrs printed: %v", err)
	}
	text := strings.Repeat("(", 3*lisp.MaxWalkDepth) + strings.Repeat(")", 3*lisp.MaxWalkDepth)
	if _, err := Read(text); err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Errorf("deep text read: %v", err)
	}
}
