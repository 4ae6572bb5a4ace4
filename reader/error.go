package reader

import "github.com/nodelisp/nodelisp/lisp"

// Error is a reader error. Pos is where the offending construct starts: the
// opening quote of an unterminated string, the opening parenthesis of an
// unterminated list, the stray ) itself, the # of a bad dispatch. Its
// Source is the text's, as for every position the reader gives.
type Error struct {
	Pos lisp.Pos
	Msg string
	// Incomplete is true when the input ended inside a form, string or
	// block comment: more text could complete it. It is false for input
	// that is malformed whatever follows.
	Incomplete bool
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }
