package imagestate

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/nodelisp/nodelisp/builtins"
	"github.com/nodelisp/nodelisp/lisp"
)

// ErrUnreadable is wrapped by Print's error for a value that has no state
// text: a function, a stream, a condition or a host's own object.
var ErrUnreadable = errors.New("cannot be printed readably")

// Print returns v's state text. Objects reached twice (shared structure,
// cycles) are labelled #n= at their first appearance and written #n# after
// it, so Read gives back a graph of the same shape.
func Print(v lisp.Value) (string, error) {
	return printWith(v, nil)
}

// printWith is Print, or under share one of a Sharing's values: a value
// that reached what an earlier one did is in a group, whose text is
// written for all its values at once, so its own is not written.
func printWith(v lisp.Value, share *Sharing) (string, error) {
	w := writer{refs: map[any]reached{}, share: share}
	if share != nil {
		w.refs = share.refs
	}
	if err := w.count(v); err != nil {
		return "", err
	}
	if w.linked {
		return "", nil
	}
	w.labels = map[any]int{}
	w.write(v)
	if w.tooDeep {
		return "", errTooDeep
	}
	return w.b.String(), nil
}

// writer holds one Print: how often each object is reached, then the
// labels handed out while writing.
type writer struct {
	b      strings.Builder
	refs   map[any]reached // objects reached, how often and first by which value
	labels map[any]int     // labels given so far
	next   int
	// depth is how deep count or write has recursed; past
	// lisp.MaxWalkDepth the value is refused, not walked into Go's fatal
	// stack overflow (a list nested a million deep is one cheap loop).
	depth   int
	tooDeep bool
	// share, when set, is the Sharing this Print is one of: refs is then
	// its map, shared by all its values (Sharing.Print).
	share *Sharing
	// linked is set once the value reached an object an earlier value of
	// the Sharing reached first.
	linked bool
}

// reached is how often a Print (or a Sharing) reached an object, and the
// number of the value that reached it first.
type reached struct {
	n     int
	owner int
}

// reach counts one more visit of the mutable object x and reports whether
// it is the first: the caller walks into x only then. Under a Sharing an
// object another value reached first links the two and is not walked
// again.
func (w *writer) reach(x any) bool {
	r := w.refs[x]
	switch {
	case r.n == 0 && w.share != nil:
		r.owner = w.share.who
	case r.n > 0 && w.share != nil && r.owner != w.share.who:
		w.share.union(r.owner, w.share.who)
		w.linked = true
	}
	r.n++
	w.refs[x] = r
	return r.n == 1
}

// errTooDeep is Print's error for a value nested past lisp.MaxWalkDepth:
// unreadable as far as state text goes, so the session falls back as for
// a closure.
var errTooDeep = fmt.Errorf("nested more than %d deep: %w", lisp.MaxWalkDepth, ErrUnreadable)

// items counts the elements of a vector, array or instance (nil, an
// unbound slot, is skipped), reached through x.
func (w *writer) items(x any, items []lisp.Value) error {
	if !w.reach(x) {
		return nil
	}
	for _, it := range items {
		if it == nil {
			continue
		}
		if err := w.count(it); err != nil {
			return err
		}
	}
	return nil
}

// count walks v once, counting how often each mutable object is reached;
// it stops at the second visit, so cycles end. It fails on a value with no
// state text.
func (w *writer) count(v lisp.Value) error {
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > lisp.MaxWalkDepth {
		return errTooDeep
	}
	for {
		switch x := v.(type) {
		case *lisp.Symbol:
			if !x.Interned {
				w.reach(x)
			}
			return nil
		case lisp.Fixnum, *big.Int, *big.Rat, lisp.Float, lisp.Char:
			return nil
		case *lisp.Pathname:
			// Immutable and interned: written whole wherever it is met,
			// its components never labelled.
			return nil
		case *lisp.String:
			w.reach(x)
			return nil
		case *lisp.RandomState:
			w.reach(x)
			return nil
		case *lisp.Cons:
			if !w.reach(x) {
				return nil
			}
			if err := w.count(x.Car); err != nil {
				return err
			}
			v = x.Cdr
		case *lisp.Vector:
			return w.items(x, x.Items)
		case *lisp.Array:
			return w.items(x, x.Items)
		case *lisp.Instance:
			if x.Class.Kind != lisp.StructureClass && x.Class.Kind != lisp.StandardClass {
				return fmt.Errorf("%s (an instance of %s): %w", lisp.Prin1ToString(v), x.Class.Name.Name, ErrUnreadable)
			}
			return w.items(x, x.Slots)
		case *lisp.HashTable:
			if !w.reach(x) {
				return nil
			}
			var err error
			x.Each(func(k, val lisp.Value) bool {
				if err = w.count(k); err == nil {
					err = w.count(val)
				}
				return err == nil
			})
			return err
		default:
			return fmt.Errorf("%s (%s): %w", lisp.Prin1ToString(v), typeName(v), ErrUnreadable)
		}
	}
}

func typeName(v lisp.Value) string {
	switch v.(type) {
	case lisp.Function:
		return "a function"
	case *lisp.Stream:
		return "a stream"
	case *lisp.Condition:
		return "a condition"
	}
	return fmt.Sprintf("a %T", v)
}

// label writes #n# and reports true when x was written before; it writes
// #n= when x is shared and met for the first time.
func (w *writer) label(x any) bool {
	if n, ok := w.labels[x]; ok {
		fmt.Fprintf(&w.b, "#%d#", n)
		return true
	}
	if w.refs[x].n > 1 {
		w.next++
		w.labels[x] = w.next
		fmt.Fprintf(&w.b, "#%d=", w.next)
	}
	return false
}

func (w *writer) write(v lisp.Value) {
	// count bounded the nesting of cars; a run of shared cdrs, each
	// written after a dot, nests too.
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > lisp.MaxWalkDepth || w.tooDeep {
		w.tooDeep = true
		return
	}
	switch x := v.(type) {
	case *lisp.Symbol:
		w.symbol(x)
	case lisp.Fixnum:
		w.b.WriteString(strconv.FormatInt(int64(x), 10))
	case *big.Int:
		w.b.WriteString(x.String())
	case *big.Rat:
		w.b.WriteString(x.RatString())
	case lisp.Float:
		// Go's shortest form reads back to the same bits; the marker
		// keeps 1.0 a float.
		w.b.WriteString("#F")
		w.b.WriteString(strconv.FormatFloat(float64(x), 'g', -1, 64))
	case lisp.Char:
		w.char(rune(x))
	case *lisp.String:
		if w.label(x) {
			return
		}
		w.str(x.S)
	case *lisp.Cons:
		w.list(x)
	case *lisp.RandomState:
		if w.label(x) {
			return
		}
		hi, lo := x.Words()
		fmt.Fprintf(&w.b, "#R(%d %d)", hi, lo)
	case *lisp.Pathname:
		w.pathname(x)
	case *lisp.Vector:
		if w.label(x) {
			return
		}
		flagged := x.FillPointer || x.Adjustable || x.Bits
		if flagged {
			flags := 0
			if x.FillPointer {
				flags |= 1
			}
			if x.Adjustable {
				flags |= 2
			}
			if x.Bits {
				flags |= 4
			}
			fmt.Fprintf(&w.b, "#V(%d", flags)
		} else {
			w.b.WriteString("#(")
		}
		for i, it := range x.Items {
			if i > 0 || flagged {
				w.b.WriteByte(' ')
			}
			w.write(it)
		}
		w.b.WriteByte(')')
	case *lisp.Array:
		if w.label(x) {
			return
		}
		w.b.WriteString("#A((")
		for i, d := range x.Dims {
			if i > 0 {
				w.b.WriteByte(' ')
			}
			w.b.WriteString(strconv.Itoa(d))
		}
		w.b.WriteByte(')')
		for _, it := range x.Items {
			w.b.WriteByte(' ')
			w.write(it)
		}
		w.b.WriteByte(')')
	case *lisp.Instance:
		if w.label(x) {
			return
		}
		// Slots by name, so a value still reads into a class whose slots
		// were reordered; an unbound slot is left out. An instance of a
		// class redefined since it was last used holds the slots of the
		// old definition: those the class still has are written, as the
		// update at its next use would keep them.
		w.b.WriteString("#I(")
		w.symbol(x.Class.Name)
		for i, name := range builtins.InstanceSlotNames(x) {
			if i >= len(x.Slots) || x.Slots[i] == nil || !slices.Contains(x.Class.Slots, name) {
				continue
			}
			w.b.WriteByte(' ')
			w.symbol(name)
			w.b.WriteByte(' ')
			w.write(x.Slots[i])
		}
		w.b.WriteByte(')')
	case *lisp.HashTable:
		if w.label(x) {
			return
		}
		w.b.WriteString("#H(")
		w.symbol(x.Test)
		x.Each(func(k, val lisp.Value) bool {
			w.b.WriteByte(' ')
			w.write(k)
			w.b.WriteByte(' ')
			w.write(val)
			return true
		})
		w.b.WriteByte(')')
	}
}

// list writes a list; a cdr that is shared is written after a dot so its
// label has a place.
func (w *writer) list(c *lisp.Cons) {
	if w.label(c) {
		return
	}
	w.b.WriteByte('(')
	w.write(c.Car)
	for {
		next, ok := c.Cdr.(*lisp.Cons)
		if !ok || w.refs[next].n > 1 {
			break
		}
		c = next
		w.b.WriteByte(' ')
		w.write(c.Car)
	}
	if c.Cdr != lisp.Nil {
		w.b.WriteString(" . ")
		w.write(c.Cdr)
	}
	w.b.WriteByte(')')
}

// symbol writes a symbol bare when its name is plain, else between bars;
// keywords take a colon and uninterned symbols #:.
func (w *writer) symbol(s *lisp.Symbol) {
	if !s.Interned && w.label(s) {
		return
	}
	switch {
	case s.Keyword:
		w.b.WriteByte(':')
	case !s.Interned:
		w.b.WriteString("#:")
	case s.Home != nil:
		// A symbol of a program's package: |PKG|::NAME.
		w.barred(s.Home.Name)
		w.b.WriteString("::")
	}
	if plainName(s.Name) {
		w.b.WriteString(s.Name)
		return
	}
	w.barred(s.Name)
}

// barred writes a name between bars, escaping bars and backslashes.
func (w *writer) barred(name string) {
	w.b.WriteByte('|')
	for _, r := range name {
		if r == '|' || r == '\\' {
			w.b.WriteByte('\\')
		}
		w.b.WriteRune(r)
	}
	w.b.WriteByte('|')
}

// plainName reports whether a symbol name reads back bare: it starts with
// a letter or * and holds only upper-case letters, digits and a few marks.
func plainName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		switch {
		case r >= 'A' && r <= 'Z', r == '*':
		case i > 0 && (r >= '0' && r <= '9' || strings.ContainsRune("-+/<>=!?%&_.", r)):
		default:
			return false
		}
	}
	return true
}

func (w *writer) str(s string) {
	w.b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			w.b.WriteByte('\\')
		}
		w.b.WriteRune(r)
	}
	w.b.WriteByte('"')
}

// char writes a graphic character as itself and any other as #\U+hex.
func (w *writer) char(r rune) {
	w.b.WriteString(`#\`)
	if r < unicode.MaxASCII && r > ' ' && r != 'U' && !strings.ContainsRune(`()";|\`, r) {
		w.b.WriteRune(r)
		return
	}
	fmt.Fprintf(&w.b, "U+%X", r)
}

// pathname writes #P(logical host device directory name type version),
// logical 1 or 0.
func (w *writer) pathname(p *lisp.Pathname) {
	w.b.WriteString("#P(")
	if p.Logical {
		w.b.WriteByte('1')
	} else {
		w.b.WriteByte('0')
	}
	for _, c := range []lisp.Value{p.Host, p.Device, p.Directory, p.Name, p.Type, p.Version} {
		w.b.WriteByte(' ')
		w.write(c)
	}
	w.b.WriteByte(')')
}
