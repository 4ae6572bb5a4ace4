package lisp

// The composite streams of Common Lisp: streams made of other streams,
// which hold no text of their own. Reading and writing through one is the
// business of the builtins (they resolve a synonym stream's symbol in the
// running thread); this is the value and what the printer needs.

// CompositeKind says which of the five composite streams a
// CompositeStream is.
type CompositeKind int

const (
	// Broadcast writes what it is given to every stream of Parts.
	Broadcast CompositeKind = iota
	// Concatenated reads Parts one after the other; a part read to its
	// end is dropped from Parts.
	Concatenated
	// Echo reads Parts[0] and writes what it reads to Parts[1]; output
	// goes to Parts[1].
	Echo
	// Synonym reads and writes the stream that is Symbol's value when it
	// is used.
	Synonym
	// TwoWay reads Parts[0] and writes Parts[1].
	TwoWay
)

// CompositeStream is a stream made of other streams.
type CompositeStream struct {
	Kind   CompositeKind
	Parts  []Value
	Symbol *Symbol // a synonym stream's variable
	Closed bool
	// Unechoed counts the characters an echo stream gave back with
	// unread-char: read again, they are not echoed a second time.
	Unechoed int
	// Out is a broadcast stream's output side, made once so that its
	// column carries from one write to the next.
	Out *Stream
}

// ClassName is the name of the stream's class, as type-of gives it.
func (c *CompositeStream) ClassName() string {
	switch c.Kind {
	case Broadcast:
		return "BROADCAST-STREAM"
	case Concatenated:
		return "CONCATENATED-STREAM"
	case Echo:
		return "ECHO-STREAM"
	case Synonym:
		return "SYNONYM-STREAM"
	}
	return "TWO-WAY-STREAM"
}
