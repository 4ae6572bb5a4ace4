package unpack

import (
	"fmt"

	"github.com/nodelisp/nodelisp/lisp"
)

// An Unpacker is a destination of the builtin's own type: it converts and
// checks the argument itself. It returns a *Mismatch when the value is of
// the wrong kind, which the unpacker reports as a TYPE-ERROR in the
// builtin's words; any other error is reported as the builtin's error.
type Unpacker interface {
	UnpackLisp(v lisp.Value) error
}

// A Mismatch says what an argument must be: Want is the phrase of the
// message ("a positive integer"), Type the Lisp type behind it for
// type-error-expected-type, and Datum, when set, the part of the argument
// that failed (an entry of a list) in place of the whole.
type Mismatch struct {
	Want  string
	Type  lisp.Value
	Datum lisp.Value
}

func (m *Mismatch) Error() string { return "must be " + m.Want }

// The phrases and types of the destinations Args knows.
var (
	wantString  = &Mismatch{Want: "a string", Type: lisp.Intern("STRING")}
	wantInteger = &Mismatch{Want: "an integer", Type: lisp.Intern("INTEGER")}
	wantSymbol  = &Mismatch{Want: "a symbol", Type: lisp.Intern("SYMBOL")}
	wantChar    = &Mismatch{Want: "a character", Type: lisp.Intern("CHARACTER")}
)

// fill stores v in dest, the destination of parameter name (a keyword
// when key is set).
func (u unpacker) fill(name string, key bool, v lisp.Value, dest any) {
	var m *Mismatch
	switch d := dest.(type) {
	case *lisp.Value:
		*d = v
	case *bool:
		*d = lisp.Truthy(v)
	case *string:
		s, ok := v.(*lisp.String)
		if !ok {
			m = wantString
			break
		}
		*d = s.S
	case *int:
		n, ok := v.(lisp.Fixnum)
		if !ok {
			m = wantInteger
			break
		}
		*d = int(n)
	case *int64:
		n, ok := v.(lisp.Fixnum)
		if !ok {
			m = wantInteger
			break
		}
		*d = int64(n)
	case **lisp.Symbol:
		s, ok := v.(*lisp.Symbol)
		if !ok {
			m = wantSymbol
			break
		}
		*d = s
	case *lisp.Char:
		c, ok := v.(lisp.Char)
		if !ok {
			m = wantChar
			break
		}
		*d = c
	case Unpacker:
		err := d.UnpackLisp(v)
		if err == nil {
			break
		}
		if c, ok := err.(*lisp.Condition); ok {
			lisp.Signal(c)
		}
		var ok bool
		if m, ok = err.(*Mismatch); !ok {
			lisp.Signal(&lisp.Condition{Class: lisp.ClassSimpleError, Message: u.op + ": " + err.Error(), Cause: err})
		}
	case nil:
		// Accepted and deliberately ignored: the builtin says so by
		// giving no destination, where a scan of the source can see it.
	default:
		u.badList(fmt.Sprintf("parameter %s has a destination of unknown type %T", name, dest))
	}
	if m != nil {
		u.mismatch(name, key, v, m)
	}
}

// mismatch signals that v, given for parameter name, is not what it must
// be: "op: the value 5 is not a string" for a Common Lisp function,
// "op: :limit must be a positive integer, got -3" for a form.
func (u unpacker) mismatch(name string, key bool, v lisp.Value, m *Mismatch) {
	datum := v
	if m.Datum != nil {
		datum = m.Datum
	}
	msg := fmt.Sprintf("%s: the value %s is not %s", u.op, lisp.Prin1ToString(datum), m.Want)
	if u.form {
		if key {
			name = ":" + name
		}
		msg = fmt.Sprintf("%s: %s must be %s, got %s", u.op, name, m.Want, lisp.Prin1ToString(datum))
	}
	expected := m.Type
	if expected == nil {
		expected = lisp.T
	}
	lisp.Signal(&lisp.Condition{Class: lisp.ClassTypeError, Message: msg, Datum: datum, Expected: expected})
}
