package lisp

// Pprint dispatch tables (CLHS 22.2.1.4): *print-pprint-dispatch* maps
// type specifiers to the functions that print objects of those types
// while *print-pretty* is true. The standard table's layouts are the
// pretty printer's own (pretty_*.go), so a table holds only the entries
// a program adds; as in SBCL, any entry a program adds takes precedence
// over the standard layouts, whatever its priority.

// PprintTable is a pprint dispatch table. The standard table is
// read-only: set-pprint-dispatch on it is an error.
type PprintTable struct {
	entries  []*PprintEntry
	standard bool
	// skip, while skipping, is the object the next lookup passes over
	// (WriteStandard).
	skip     Value
	skipping bool
}

// PprintEntry is one entry of a table: an object Matches selects it, and
// it prints by calling Print. The caller (the library, which can test
// types and call functions) makes both from Type and Fn.
type PprintEntry struct {
	Type     Value // the type specifier; an equal one replaces the entry
	Priority Value // a real: the matching entry of highest priority wins
	Fn       Value // the function designator, as pprint-dispatch returns it
	Matches  func(obj Value) bool
	// Print calls Fn on s and obj, with *print-escape* bound to escape
	// (prin1's t, princ's nil) as the printer prints.
	Print func(s *Stream, obj Value, escape bool)
}

// StandardPprintTable is the standard pprint dispatch table, which
// with-standard-io-syntax binds: no entries of a program's, read-only.
var StandardPprintTable = &PprintTable{standard: true}

// NewPprintTable returns a table that prints as the standard one does
// and that a program may change: an image's initial
// *print-pprint-dispatch*, and what copy-pprint-dispatch of nil returns.
func NewPprintTable() *PprintTable { return &PprintTable{} }

// LispTypeName is what the printer names a table with.
func (t *PprintTable) LispTypeName() string { return "PPRINT-DISPATCH-TABLE" }

// IsStandard reports whether t is the read-only standard table.
func (t *PprintTable) IsStandard() bool { return t.standard }

// Copy returns a new table with t's entries, which a program may change
// without changing t.
func (t *PprintTable) Copy() *PprintTable {
	return &PprintTable{entries: append([]*PprintEntry(nil), t.entries...)}
}

// Set adds e, replacing the entry whose type specifier is equal to its.
// A replaced entry goes to the end, where it loses ties of priority, as
// a new one does.
func (t *PprintTable) Set(e *PprintEntry) {
	t.Remove(e.Type)
	t.entries = append(t.entries, e)
}

// Remove drops the entry whose type specifier is equal to typ, if any.
func (t *PprintTable) Remove(typ Value) {
	for i, e := range t.entries {
		if Equal(e.Type, typ) {
			t.entries = append(t.entries[:i:i], t.entries[i+1:]...)
			return
		}
	}
}

// Lookup returns the entry that prints obj, nil when the standard
// layouts do. Of the entries whose type obj is of, the one of highest
// priority wins; at equal priority an entry for conses of given cars
// ((cons (eql car)), (cons (member …))) yields to any other, and then the
// older entry wins, as in SBCL.
func (t *PprintTable) Lookup(obj Value) *PprintEntry {
	if t.skipping && obj == t.skip {
		t.skipping = false
		return nil
	}
	var best *PprintEntry
	for _, e := range t.entries {
		if best != nil && !outranks(e, best) || !e.Matches(obj) {
			continue
		}
		best = e
	}
	return best
}

// WriteStandard writes v to s under o as the standard table prints it,
// whatever entry of o's table would select it: what pprint-dispatch
// returns for an object no entry selects. The objects v holds still go
// through the table.
func WriteStandard(s *Stream, v Value, o PrintOptions) {
	if t := o.PprintDispatch; t != nil && len(t.entries) > 0 {
		o.PprintDispatch = &PprintTable{entries: t.entries, skip: v, skipping: true}
	}
	Write(s, v, o)
}

// outranks reports whether e wins over best, an older entry that matches.
func outranks(e, best *PprintEntry) bool {
	switch c := Compare("set-pprint-dispatch", e.Priority, best.Priority); {
	case c != 0:
		return c > 0
	default:
		return isConsCarEntry(best.Type) && !isConsCarEntry(e.Type)
	}
}

// isConsCarEntry reports whether typ is (cons (eql x)) or
// (cons (member …)): an entry for conses by their car alone.
func isConsCarEntry(typ Value) bool {
	c, ok := typ.(*Cons)
	if !ok || c.Car != Value(symCons) {
		return false
	}
	rest, ok := c.Cdr.(*Cons)
	if !ok || rest.Cdr != Value(Nil) {
		return false
	}
	car, ok := rest.Car.(*Cons)
	return ok && (car.Car == Value(SymEql) || car.Car == Value(symMember))
}

var (
	symCons   = Intern("CONS")
	symMember = Intern("MEMBER")
)

// dispatch prints v through the entry of *print-pprint-dispatch* that
// selects it, if one does, and reports whether one did. The entry's
// function writes to a stream that feeds this printer, so what it prints
// (logical blocks included) joins the layout of what encloses it.
func (p *printer) dispatch(v Value, depth int) bool {
	e := p.o.PprintDispatch.Lookup(v)
	if e == nil {
		return false
	}
	ctx := p.ctx
	if ctx == nil {
		ctx = &prettyContext{p: p, col: p.col}
		p.ctx = ctx
	}
	s := NewStringStream()
	s.pretty = ctx
	savedOpts, savedEscape, savedLevels := p.o, p.escape, ctx.levels
	defer func() {
		p.o, p.escape, ctx.levels = savedOpts, savedEscape, savedLevels
		// A stream the function kept writes to its own buffer after.
		s.pretty = nil
	}()
	ctx.levels = depth
	e.Print(s, v, p.escape)
	return true
}
