// Package lisp holds the values every other nodelisp package shares, and
// nothing that evaluates them.
//
// A Lisp value is any Go value of one of these types:
//
//	*Symbol      symbols and keywords; Nil and T are symbols too
//	Fixnum       integers that fit in an int64 (use MakeInt to box cheaply)
//	*big.Int     integers beyond int64; always normalised back to Fixnum when they fit
//	*big.Rat     ratios such as 1/3; never with denominator 1 (that is an integer)
//	Float        double-precision floats, nodelisp's one float format
//	*Complex     complex numbers: both parts rational (never a zero imaginary part) or both floats
//	Char         characters
//	*String      strings (mutable, compared by identity under eq)
//	*Cons        cons cells; a proper list ends in Nil
//	*Vector      one-dimensional simple vectors (#(1 2 3))
//	*HashTable   hash tables with eq, eql, equal or equalp tests
//	Function     anything callable: the evaluator's closures and builtins
//	*Stream      output streams (of characters, or of bytes when Binary)
//	*InputStream input streams over a string (of characters, or of bytes when Binary)
//	*CompositeStream  broadcast, concatenated, echo, synonym and two-way streams
//	*Condition   condition objects (errors signalled and caught)
//	*Instance    structure instances (defstruct) and standard objects (defclass)
//	*Class       classes: built-in, structure, standard and condition classes
//	*Pathname    pathnames, physical (Unix namestrings) and logical
//	*PprintTable pprint dispatch tables (*print-pprint-dispatch*)
//
// The package also holds what is defined by the values alone: the numeric
// tower's arithmetic (Add, Sub, Mul, Div, Compare), the four equality
// predicates, hash tables, the printer and the condition types. It does not
// read source text (package reader) or evaluate forms (package eval).
package lisp
