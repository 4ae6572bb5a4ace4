package reader

import "fmt"

// Pos is a position in source text: 1-based line and column, the column
// counting runes, not bytes.
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Error is a reader error. Pos is where the offending construct starts: the
// opening quote of an unterminated string, the opening parenthesis of an
// unterminated list, the stray ) itself, the # of a bad dispatch.
type Error struct {
	Pos Pos
	Msg string
	// Incomplete is true when the input ended inside a form, string or
	// block comment: more text could complete it. It is false for input
	// that is malformed whatever follows.
	Incomplete bool
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }
