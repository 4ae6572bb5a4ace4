package lisp

import (
	"fmt"
	"strings"
	"sync"
)

// Condition is a signalled condition: an error raised by a builtin, by
// (error …), or by the evaluator. Go code signals one by panicking with it
// (see Signal); the evaluator recovers it at handler-case and at the top of
// a cell, so no panic leaves the interpreter.
type Condition struct {
	Class   *Symbol // the condition type, e.g. TYPE-ERROR
	Message string  // the text princ shows
	// Datum and Expected are set for type errors; Name for unbound
	// variables and undefined functions; Object for (error 'type :k v).
	Datum    Value
	Expected Value
	Name     Value
	// Slots holds the initargs of a condition made with (error 'class
	// :key value …), for accessors and printing.
	Slots []Value
	// Pos is the source position of the form being evaluated when the
	// condition was signalled, filled in by the evaluator.
	Pos Pos
	// Within, when set, is the place inside a string the condition is
	// about (a format directive); the evaluator makes Pos that place
	// when the string is a literal of the call that failed.
	Within *StringPlace
	// Backtrace is the Lisp frames the condition unwound through before
	// it ended the cell, filled in by the evaluator; nil for one handled.
	Backtrace *Backtrace
	// Cause is the Go error the condition was made from (a host builtin's
	// failure), which Unwrap returns so errors.As reaches it.
	Cause error
	// Classes are the condition classes of the image that made c, which
	// its class may be one of; nil for a standard condition.
	Classes Classes
}

func (c *Condition) Error() string {
	if !c.Pos.IsZero() {
		return c.Pos.String() + ": " + c.Shown()
	}
	return c.Shown()
}

// Shown is the message a person reads on the error's line: the report,
// or, when the report is blank ((error ""), (error " ")), the condition's
// type, so that the line never ends in nothing. Lisp's own report of the
// condition (princ) stays as it is.
func (c *Condition) Shown() string {
	if strings.TrimSpace(c.Message) != "" {
		return c.Message
	}
	return c.TypeName() + ", with a blank report"
}

// Unwrap returns the Go error the condition was made from, if any.
func (c *Condition) Unwrap() error { return c.Cause }

// TypeName is the condition's type as Lisp names it, in lower case:
// "type-error", "unbound-variable", "evaluation-limit".
func (c *Condition) TypeName() string {
	if c.Class == nil {
		return "error"
	}
	return strings.ToLower(c.Class.Name)
}

// Condition class names. The hierarchy is in conditionParents.
var (
	ClassCondition        = Intern("CONDITION")
	ClassSeriousCondition = Intern("SERIOUS-CONDITION")
	ClassError            = Intern("ERROR")
	ClassWarning          = Intern("WARNING")
	ClassSimpleError      = Intern("SIMPLE-ERROR")
	ClassSimpleCondition  = Intern("SIMPLE-CONDITION")
	ClassSimpleWarning    = Intern("SIMPLE-WARNING")
	ClassTypeError        = Intern("TYPE-ERROR")
	ClassSimpleTypeError  = Intern("SIMPLE-TYPE-ERROR")
	ClassProgramError     = Intern("PROGRAM-ERROR")
	ClassControlError     = Intern("CONTROL-ERROR")
	ClassArithmeticError  = Intern("ARITHMETIC-ERROR")
	ClassDivisionByZero   = Intern("DIVISION-BY-ZERO")
	// ClassFloatingPointOverflow is a float result too large for a double
	// (exp, expt, sinh, cosh), which SBCL signals rather than answering
	// infinity.
	ClassFloatingPointOverflow = Intern("FLOATING-POINT-OVERFLOW")
	// The standard conditions nodelisp itself never signals, which
	// programs may still make, signal and handle.
	ClassFloatingPointInexact          = Intern("FLOATING-POINT-INEXACT")
	ClassFloatingPointInvalidOperation = Intern("FLOATING-POINT-INVALID-OPERATION")
	ClassFloatingPointUnderflow        = Intern("FLOATING-POINT-UNDERFLOW")
	ClassPrintNotReadable              = Intern("PRINT-NOT-READABLE")
	ClassStorageCondition              = Intern("STORAGE-CONDITION")
	ClassStyleWarning                  = Intern("STYLE-WARNING")
	ClassUnboundSlot                   = Intern("UNBOUND-SLOT")
	ClassCellError                     = Intern("CELL-ERROR")
	ClassUnboundVariable               = Intern("UNBOUND-VARIABLE")
	ClassUndefinedFunction             = Intern("UNDEFINED-FUNCTION")
	ClassParseError                    = Intern("PARSE-ERROR")
	ClassReaderError                   = Intern("READER-ERROR")
	ClassStreamError                   = Intern("STREAM-ERROR")
	ClassEndOfFile                     = Intern("END-OF-FILE")
	ClassFileError                     = Intern("FILE-ERROR")
	ClassPackageError                  = Intern("PACKAGE-ERROR")
	// ClassFormatError is a malformed format control string or a
	// directive given the wrong arguments (SBCL's SB-FORMAT:FORMAT-ERROR).
	ClassFormatError = Intern("FORMAT-ERROR")
	// ClassLimit is nodelisp's own: a step, depth, output or cancellation
	// limit was reached. It is not an ERROR, so handler-case on error and
	// ignore-errors do not swallow it: a runaway cell always ends.
	ClassLimit = Intern("EVALUATION-LIMIT")
	// ClassDebuggerInvoked is nodelisp's own too: break or
	// invoke-debugger ended the cell, which has no debugger to enter. It
	// is a kind of evaluation-limit, so no handler for error or
	// condition takes it, as none sees break's condition.
	ClassDebuggerInvoked = Intern("DEBUGGER-INVOKED")
)

// conditionParents maps each standard class to its direct supertypes. It
// is built the first time a program tests a condition's type, not at every
// start, and never written after.
var conditionParents = sync.OnceValue(func() map[*Symbol][]*Symbol {
	return map[*Symbol][]*Symbol{
		ClassSeriousCondition:      {ClassCondition},
		ClassError:                 {ClassSeriousCondition},
		ClassWarning:               {ClassCondition},
		ClassSimpleCondition:       {ClassCondition},
		ClassSimpleError:           {ClassSimpleCondition, ClassError},
		ClassSimpleWarning:         {ClassSimpleCondition, ClassWarning},
		ClassTypeError:             {ClassError},
		ClassSimpleTypeError:       {ClassSimpleCondition, ClassTypeError},
		ClassProgramError:          {ClassError},
		ClassControlError:          {ClassError},
		ClassArithmeticError:       {ClassError},
		ClassDivisionByZero:        {ClassArithmeticError},
		ClassFloatingPointOverflow: {ClassArithmeticError},
		ClassCellError:             {ClassError},
		ClassUnboundVariable:       {ClassCellError},
		ClassUndefinedFunction:     {ClassCellError},
		ClassParseError:            {ClassError},
		ClassStreamError:           {ClassError},
		ClassReaderError:           {ClassParseError, ClassStreamError},
		ClassEndOfFile:             {ClassStreamError},
		ClassFileError:             {ClassError},
		ClassPackageError:          {ClassError},
		ClassFormatError:           {ClassError},
		ClassLimit:                 {ClassSeriousCondition},
		ClassDebuggerInvoked:       {ClassLimit},

		ClassUnboundSlot:                   {ClassCellError},
		ClassStyleWarning:                  {ClassWarning},
		ClassStorageCondition:              {ClassSeriousCondition},
		ClassFloatingPointInvalidOperation: {ClassArithmeticError},
		ClassFloatingPointInexact:          {ClassArithmeticError},
		ClassFloatingPointUnderflow:        {ClassArithmeticError},
		ClassPrintNotReadable:              {ClassError},
	}
})

// IsStandardClass reports whether class is one of the condition types
// above, which no program may redefine: they are shared by every image,
// so one image redefining simple-error would change how another's errors
// are caught.
func IsStandardClass(class *Symbol) bool {
	_, ok := conditionParents()[class]
	return ok || class == ClassCondition
}

// Classes is what an image knows of the condition classes its programs
// defined.
type Classes interface {
	// UserClassParents returns the parents of a class the image defined.
	UserClassParents(class *Symbol) ([]*Symbol, bool)
}

// parentsOf returns class's direct supertypes: the standard table's, which
// is never written once built, else the image's own (user may be nil).
func parentsOf(user Classes, class *Symbol) ([]*Symbol, bool) {
	if p, ok := conditionParents()[class]; ok {
		return p, true
	}
	if user != nil {
		return user.UserClassParents(class)
	}
	return nil, false
}

// IsConditionClassIn reports whether name names a condition type, among
// the standard ones and those of user (which may be nil).
func IsConditionClassIn(user Classes, name *Symbol) bool {
	if name == ClassCondition {
		return true
	}
	_, ok := parentsOf(user, name)
	return ok
}

// IsConditionClass reports whether name names a standard condition type.
func IsConditionClass(name *Symbol) bool { return IsConditionClassIn(nil, name) }

// SubclassOfIn reports whether class is ancestor or a subtype of it, with
// the classes of user (which may be nil) as well as the standard ones.
func SubclassOfIn(user Classes, class, ancestor *Symbol) bool {
	return subclassOf(user, class, ancestor, 0)
}

// SubclassOf is SubclassOfIn over the standard classes alone.
func SubclassOf(class, ancestor *Symbol) bool { return SubclassOfIn(nil, class, ancestor) }

// IsA reports whether c is of type ancestor, by the classes of the image
// that made it.
func (c *Condition) IsA(ancestor *Symbol) bool { return SubclassOfIn(c.Classes, c.Class, ancestor) }

func subclassOf(user Classes, class, ancestor *Symbol, depth int) bool {
	if class == ancestor {
		return true
	}
	if depth > 64 { // a user class made its own ancestor
		return false
	}
	parents, _ := parentsOf(user, class)
	for _, p := range parents {
		if subclassOf(user, p, ancestor, depth+1) {
			return true
		}
	}
	return false
}

// Signal raises c. It never returns.
func Signal(c *Condition) { panic(c) }

// Errorf signals a SIMPLE-ERROR with a message made by fmt.Sprintf. By
// convention the message starts with the operator: "car: …".
func Errorf(format string, args ...any) {
	panic(&Condition{Class: ClassSimpleError, Message: fmt.Sprintf(format, args...)})
}

// SignalClass signals a condition of the given class with a message.
func SignalClass(class *Symbol, format string, args ...any) {
	panic(&Condition{Class: class, Message: fmt.Sprintf(format, args...)})
}

// SignalDivisionByZero signals DIVISION-BY-ZERO for operation applied to
// operands, which arithmetic-error-operation and -operands return. As in
// SBCL, every division (floor, mod, truncate…) names / with the dividend
// and the divisor.
func SignalDivisionByZero(op string, operation string, operands ...Value) {
	panic(&Condition{
		Class:   ClassDivisionByZero,
		Message: op + ": division by zero",
		Slots:   []Value{Sym("operation"), Sym(operation), Sym("operands"), List(operands...)},
	})
}

// TypeError signals a TYPE-ERROR: op got datum where it wanted a value of
// the named type ("a number", "a list"). The message reads
// `+: the value "a" is not a number`.
func TypeError(op string, datum Value, expected string) {
	message := fmt.Sprintf("%s: the value %s is not %s", op, Prin1ToString(datum), expected)
	datum, expectedSpec := typeErrorFault(datum, expected)
	panic(&Condition{
		Class:    ClassTypeError,
		Message:  message,
		Datum:    datum,
		Expected: expectedSpec,
	})
}

// expectedTypeName turns "a number" into NUMBER for type-error-expected-type.
func expectedTypeName(expected string) string {
	for _, article := range []string{"a ", "an "} {
		if len(expected) > len(article) && expected[:len(article)] == article {
			expected = expected[len(article):]
			break
		}
	}
	out := []rune{}
	for _, r := range expected {
		switch {
		case r == ' ':
			out = append(out, '-')
		case r >= 'a' && r <= 'z':
			out = append(out, r-'a'+'A')
		default:
			out = append(out, r)
		}
	}
	return string(out)
}
