package lisp

import "io"

// Value is one Lisp datum. See the package documentation for the types a
// Value may hold.
type Value = any

// Char is a Lisp character.
type Char rune

// String is a Lisp string. It is a pointer type so that eq tells two strings
// with the same characters apart, as Common Lisp does, and so that setf on
// char can change it in place.
type String struct {
	S string
	// Shaped is nil for a simple string, as nearly every string is (read
	// it through Shape, change it through Reshape): a string is 24 bytes,
	// where holding StringShape's fields itself made it 80.
	Shaped *StringShape
}

// StringShape is what only some strings have. A string made with a fill
// pointer keeps in S only the characters below it, and in Spare the ones
// between it and the string's size. A displaced string shows the
// characters of DisplacedTo from DisplacedOffset on; Views are the
// strings displaced to this one. Each write to one of them is copied to
// the others (builtins).
type StringShape struct {
	Spare           string
	FillPointer     bool
	Adjustable      bool
	DisplacedTo     *String
	DisplacedOffset int
	Views           []*String
}

// Shape is the string's shape, to read: a zero one for a simple string.
// It is a copy, so that a write through it does not compile; Reshape is
// the one to write through.
func (s *String) Shape() StringShape {
	if s.Shaped == nil {
		return StringShape{}
	}
	return *s.Shaped
}

// Reshape is the string's shape, to change: made when it has none.
func (s *String) Reshape() *StringShape {
	if s.Shaped == nil {
		s.Shaped = &StringShape{}
	}
	return s.Shaped
}

// NewString returns a fresh Lisp string holding s.
func NewString(s string) *String { return &String{S: s} }

// Cons is a cons cell.
type Cons struct {
	Car, Cdr Value
}

// Vector is a one-dimensional array of values. Items is its contents; a
// vector with a fill pointer keeps only the active elements in Items and
// its spare capacity in the slice's capacity.
type Vector struct {
	Items       []Value
	FillPointer bool // made with :fill-pointer; prints only Items
	Adjustable  bool
	Bits        bool // a bit vector: every item is the fixnum 0 or 1; prints #*101
	// A displaced vector's Items share the storage of DisplacedTo (a
	// *Vector or an *Array) from DisplacedOffset on; Views are the
	// vectors displaced to this one, re-sliced when its storage moves.
	DisplacedTo     Value
	DisplacedOffset int
	Views           []*Vector
}

// Function is implemented by every callable value (the evaluator's closures
// and builtins). The printer shows it as #<FUNCTION NAME>.
type Function interface {
	// FunctionName is the name the function was defined with, or "" for an
	// anonymous lambda.
	FunctionName() string
}

// Stream is a character output stream: the standard output of a cell, or a
// string stream made by with-output-to-string and make-string-output-stream.
// It tracks the column so that fresh-line and ~& know whether a line is open.
type Stream struct {
	w      io.Writer
	buf    []byte // used when the stream collects a string
	column int
	isStr  bool
	// pretty, while a pprint-logical-block runs on the stream, collects
	// what is written for the pretty printer to lay out (pretty_stream.go).
	pretty *prettyContext
	// Reserve, when set on a string stream, is told the bytes the stream's
	// buffer is about to grow to, before it grows: the host's memory cap
	// (eval.Thread.Reserve) ends the cell there rather than after.
	Reserve func(bytes int64)
	// Closed is set when a host closes the stream (a file's output
	// stream): writing to it then signals a stream-error.
	Closed bool
	// File is the path of the file a host's file stream writes, "" for
	// any other stream; it makes the stream a file-stream.
	File string
	// Logical is the logical pathname the file was opened by, nil when
	// it was opened by a Unix name: the stream's pathname.
	Logical *Pathname
	// Binary marks a stream of (unsigned-byte 8): write-byte writes to
	// it, the character functions refuse it.
	Binary bool
}

// NewStream returns a stream writing to w.
func NewStream(w io.Writer) *Stream { return &Stream{w: w} }

// Writer is the writer a stream that is not a string stream writes to.
func (s *Stream) Writer() io.Writer { return s.w }

// NewStringStream returns a stream that collects what is written to it;
// TakeString returns and clears it.
func NewStringStream() *Stream { return &Stream{isStr: true} }

// WriteString writes s, keeping track of the column.
func (s *Stream) WriteString(str string) (int, error) {
	if len(str) == 0 {
		return 0, nil
	}
	if s.Closed {
		SignalClass(ClassStreamError, "write: the stream is closed")
	}
	if s.pretty != nil {
		s.pretty.p.ppText(str)
		return len(str), nil
	}
	if i := lastNewline(str); i >= 0 {
		s.column = len(str) - i - 1
	} else {
		s.column += len(str)
	}
	if s.isStr {
		if need := len(s.buf) + len(str); need > cap(s.buf) && s.Reserve != nil {
			s.Reserve(2 * int64(need))
		}
		s.buf = append(s.buf, str...)
		return len(str), nil
	}
	return io.WriteString(s.w, str)
}

// Write makes a Stream an io.Writer.
func (s *Stream) Write(p []byte) (int, error) { return s.WriteString(string(p)) }

// Column is the number of bytes written since the last newline.
func (s *Stream) Column() int {
	if s.pretty != nil {
		return s.pretty.column()
	}
	return s.column
}

// SetColumn tells the stream where the line it continues stands: what was
// written before it began, by another stream over the same writer.
func (s *Stream) SetColumn(n int) { s.column = n }

// FreshLine writes a newline unless the stream is at the start of a line.
// It reports whether it wrote one.
func (s *Stream) FreshLine() bool {
	if s.column == 0 {
		return false
	}
	s.WriteString("\n")
	return true
}

// IsStringStream reports whether the stream collects a string.
func (s *Stream) IsStringStream() bool { return s.isStr }

// TakeString returns what a string stream collected and empties it.
func (s *Stream) TakeString() string {
	out := string(s.buf)
	s.buf = s.buf[:0]
	return out
}

func lastNewline(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '\n' {
			return i
		}
	}
	return -1
}
