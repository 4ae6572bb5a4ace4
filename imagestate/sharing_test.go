package imagestate

import (
	"errors"
	"slices"
	"testing"

	"github.com/nodelisp/nodelisp/eval"
	"github.com/nodelisp/nodelisp/lisp"
)

// Values that reach a common object are grouped; a list of them printed
// as one text reads back with the sharing in place.
func TestSharingGroupsValues(t *testing.T) {
	a := lisp.List(lisp.MakeInt(1), lisp.MakeInt(2), lisp.MakeInt(3))
	b := a.(*lisp.Cons).Cdr
	s := lisp.NewString("x")
	c := lisp.List(s)
	d := &lisp.Vector{Items: []lisp.Value{s}}
	lone := lisp.List(lisp.MakeInt(1))
	fn := lisp.List(b, &eval.Builtin{Name: "f"})
	sh := NewSharing()
	for i, v := range []lisp.Value{a, b, c, d, lone} {
		if _, err := sh.Print(i, v); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sh.Print(5, fn); !errors.Is(err, ErrUnreadable) {
		t.Fatalf("a list holding a function printed: %v", err)
	}
	var got [][]int
	for _, g := range sh.Groups() {
		slices.Sort(g)
		got = append(got, g)
	}
	slices.SortFunc(got, func(x, y []int) int { return x[0] - y[0] })
	if want := [][]int{{0, 1}, {2, 3}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("groups %v, want %v", got, want)
	}
	if alone := sh.Alone(); len(alone) != 0 {
		t.Errorf("alone %v, want none", alone)
	}
	// A value that shares only with a failed one is alone.
	sh = NewSharing()
	if _, err := sh.Print(0, fn); err == nil {
		t.Fatal("a list holding a function printed")
	}
	if _, err := sh.Print(1, lisp.List(b)); err != nil {
		t.Fatal(err)
	}
	if g, alone := sh.Groups(), sh.Alone(); len(g) != 0 || !slices.Equal(alone, []int{1}) {
		t.Errorf("groups %v alone %v, want none and [1]", g, alone)
	}
	text, err := Print(lisp.List(a, b))
	if err != nil {
		t.Fatal(err)
	}
	back, err := Read(text)
	if err != nil {
		t.Fatal(err)
	}
	pair := back.(*lisp.Cons)
	if pair.Car.(*lisp.Cons).Cdr != pair.Cdr.(*lisp.Cons).Car {
		t.Errorf("%s: the tail is not shared after reading", text)
	}
}
