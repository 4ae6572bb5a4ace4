// Package format is Common Lisp's FORMAT directive engine: it parses a
// control string once into a tree of directives (cached by string) and runs
// that tree over a list of arguments, writing into a strings.Builder.
//
// It knows Lisp values (package lisp) and how to print numbers the way SBCL
// does (~D ~B ~O ~X ~R, ~F ~E ~G ~$), but nothing of streams or of the
// evaluator: the caller hands it a starting column and copies the text to
// wherever it goes. Errors are FORMAT-ERROR conditions (a subtype of ERROR)
// raised by panicking, as every nodelisp builtin does; their messages name
// the directive, its position and the control string.
package format
