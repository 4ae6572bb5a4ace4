package lisp

// Helpers for building and walking lists from Go.

// List returns a proper list of the values.
func List(vs ...Value) Value {
	var out Value = Nil
	for i := len(vs) - 1; i >= 0; i-- {
		out = &Cons{vs[i], out}
	}
	return out
}

// ListStar returns a list of vs whose last cdr is tail.
func ListStar(tail Value, vs ...Value) Value {
	out := tail
	for i := len(vs) - 1; i >= 0; i-- {
		out = &Cons{vs[i], out}
	}
	return out
}

// ListToSlice returns the elements of a proper list. op names the caller for
// the type error raised on a dotted or non-list value.
func ListToSlice(op string, v Value) []Value {
	var out []Value
	var cycle Cycle
	for v != Value(Nil) {
		c, ok := v.(*Cons)
		if !ok {
			TypeError(op, v, "a list")
		}
		cycle.Visit(op, c)
		out = append(out, c.Car)
		v = c.Cdr
	}
	return out
}

// IsList reports whether v is a cons or Nil.
func IsList(v Value) bool {
	if v == Value(Nil) {
		return true
	}
	_, ok := v.(*Cons)
	return ok
}

// Car returns the car of a list (Nil for Nil).
func Car(v Value) Value {
	switch c := v.(type) {
	case *Cons:
		return c.Car
	case *Symbol:
		if c == Nil {
			return Nil
		}
	}
	TypeError("car", v, "a list")
	return nil
}

// Cdr returns the cdr of a list (Nil for Nil).
func Cdr(v Value) Value {
	switch c := v.(type) {
	case *Cons:
		return c.Cdr
	case *Symbol:
		if c == Nil {
			return Nil
		}
	}
	TypeError("cdr", v, "a list")
	return nil
}

// ListBuilder appends to the end of a list in constant time.
type ListBuilder struct {
	head   Value
	tail   *Cons
	conses ConsBlock // a builder is never copied, so it can own its block
}

// Add appends v.
func (b *ListBuilder) Add(v Value) {
	c := b.conses.New(v, Nil)
	if b.tail == nil {
		b.head = c
	} else {
		b.tail.Cdr = c
	}
	b.tail = c
}

// List returns the list built so far (Nil when empty).
func (b *ListBuilder) List() Value {
	if b.head == nil {
		return Nil
	}
	return b.head
}
