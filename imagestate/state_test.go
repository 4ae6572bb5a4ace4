package imagestate

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/nodelisp/nodelisp/lisp"
)

func roundTrip(t *testing.T, v lisp.Value) lisp.Value {
	t.Helper()
	text, err := Print(v)
	if err != nil {
		t.Fatalf("print: %v", err)
	}
	back, err := Read(text)
	if err != nil {
		t.Fatalf("read %q: %v", text, err)
	}
	again, err := Print(back)
	if err != nil || again != text {
		t.Fatalf("printed again: %q, want %q (%v)", again, text, err)
	}
	return back
}

func TestRoundTripEqualp(t *testing.T) {
	table := lisp.NewHashTable(lisp.SymEqual)
	for i := 0; i < 50; i++ {
		table.Put(lisp.NewString(string(rune('a'+i%26))+"k"), lisp.MakeInt(int64(i*i)))
	}
	big1, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	cases := map[string]lisp.Value{
		"fixnum":  lisp.MakeInt(-42),
		"bignum":  big1,
		"ratio":   big.NewRat(-1, 3),
		"float":   lisp.Float(0.1),
		"whole":   lisp.Float(1),
		"inf":     lisp.Float(math.Inf(-1)),
		"string":  lisp.NewString("a \"quoted\" \\ line\nnext ✓"),
		"chars":   lisp.List(lisp.Char('a'), lisp.Char('U'), lisp.Char(' '), lisp.Char('('), lisp.Char('λ')),
		"symbols": lisp.List(lisp.Sym("foo"), lisp.Sym(":key"), lisp.Intern("lower case"), lisp.Intern("A|B\\C"), lisp.Sym("-"), lisp.Nil, lisp.T),
		"dotted":  &lisp.Cons{Car: lisp.MakeInt(1), Cdr: lisp.MakeInt(2)},
		"vector":  &lisp.Vector{Items: []lisp.Value{lisp.Sym("point"), lisp.MakeInt(1), lisp.MakeInt(2)}},
		"flagged": &lisp.Vector{Items: []lisp.Value{lisp.MakeInt(1)}, FillPointer: true, Adjustable: true},
		"empty":   &lisp.Vector{},
		"table":   table,
		"nested":  lisp.List(lisp.List(), lisp.List(lisp.List(lisp.MakeInt(1))), &lisp.Vector{Items: []lisp.Value{lisp.List(lisp.NewString("x"))}}),
	}
	for name, v := range cases {
		t.Run(name, func(t *testing.T) {
			if back := roundTrip(t, v); !lisp.Equalp(v, back) {
				t.Errorf("got %s, want %s", lisp.Prin1ToString(back), lisp.Prin1ToString(v))
			}
		})
	}
}

func TestSharingAndCycles(t *testing.T) {
	shared := lisp.List(lisp.MakeInt(1), lisp.MakeInt(2))
	v := lisp.List(shared, shared, &lisp.Cons{Car: lisp.MakeInt(0), Cdr: shared})
	back := roundTrip(t, v).(*lisp.Cons)
	a := back.Car
	b := back.Cdr.(*lisp.Cons).Car
	c := back.Cdr.(*lisp.Cons).Cdr.(*lisp.Cons).Car.(*lisp.Cons).Cdr
	if a != b || a != c {
		t.Errorf("sharing lost: %p %p %p", a, b, c)
	}

	ring := lisp.List(lisp.MakeInt(1), lisp.MakeInt(2), lisp.MakeInt(3))
	ring.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr = ring
	got := roundTrip(t, ring).(*lisp.Cons)
	if got.Cdr.(*lisp.Cons).Cdr.(*lisp.Cons).Cdr != got {
		t.Error("circular list not closed on itself")
	}

	vec := &lisp.Vector{Items: []lisp.Value{lisp.MakeInt(1), nil}}
	vec.Items[1] = vec
	gv := roundTrip(t, vec).(*lisp.Vector)
	if gv.Items[1] != gv {
		t.Error("vector holding itself not restored")
	}

	h := lisp.NewHashTable(lisp.SymEq)
	h.Put(lisp.Sym("self"), h)
	gh := roundTrip(t, h).(*lisp.HashTable)
	if self, _ := gh.Get(lisp.Sym("self")); self != gh {
		t.Error("table holding itself not restored")
	}

	g := &lisp.Symbol{Name: "G1"}
	gs := roundTrip(t, lisp.List(g, g)).(*lisp.Cons)
	if gs.Car != gs.Cdr.(*lisp.Cons).Car || gs.Car.(*lisp.Symbol).Interned {
		t.Error("uninterned symbol not kept one fresh symbol")
	}
}

func TestHashTableKeepsTestAndOrder(t *testing.T) {
	h := lisp.NewHashTable(lisp.SymEqualp)
	h.Put(lisp.NewString("B"), lisp.MakeInt(2))
	h.Put(lisp.NewString("a"), lisp.MakeInt(1))
	text, _ := Print(h)
	if want := `#H(EQUALP "B" 2 "a" 1)`; text != want {
		t.Errorf("printed %s, want %s", text, want)
	}
	back := roundTrip(t, h).(*lisp.HashTable)
	if v, ok := back.Get(lisp.NewString("A")); !ok || v != lisp.MakeInt(1) {
		t.Errorf("equalp lookup after reading: %v %v", v, ok)
	}
}

func TestUnreadable(t *testing.T) {
	_, err := Print(lisp.List(lisp.MakeInt(1), lisp.NewStream(nil)))
	if !errors.Is(err, ErrUnreadable) {
		t.Errorf("a stream printed: %v", err)
	}
}

func TestReadErrors(t *testing.T) {
	for _, text := range []string{"", "(1 2", "#9#", "#H(FOO)", "#Fx", "1 2", "#\\U+zz", `"abc`} {
		if _, err := Read(text); err == nil {
			t.Errorf("Read(%q) gave no error", text)
		}
	}
}
