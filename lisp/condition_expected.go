package lisp

import (
	"strconv"
	"strings"
)

// describedTypes are the type specifiers behind the descriptions type
// errors give that do not name a type word for word ("a proper list" is
// the type LIST), so that type-error-expected-type is always a type a
// program can pass to typep.
var describedTypes = map[string]string{
	"proper list":                                 "LIST",
	"proper list (it is circular)":                "LIST",
	"property list":                               "LIST",
	"proper sequence":                             "SEQUENCE",
	"non-negative integer":                        "(INTEGER 0)",
	"positive integer or float":                   "(OR (INTEGER 1) FLOAT)",
	"non-negative real":                           "(REAL 0)",
	"real number":                                 "REAL",
	"vector with a fill pointer":                  "(AND VECTOR (NOT SIMPLE-ARRAY))",
	"hash table":                                  "HASH-TABLE",
	"restart designator":                          "(OR SYMBOL RESTART)",
	"input stream":                                "(AND STREAM (SATISFIES INPUT-STREAM-P))",
	"output stream":                               "(AND STREAM (SATISFIES OUTPUT-STREAM-P))",
	"string output stream":                        "STRING-STREAM",
	"array index":                                 "(INTEGER 0)",
	"bit (0 or 1)":                                "BIT",
	"character code":                              "(INTEGER 0 1114111)",
	"string designator":                           "(OR STRING SYMBOL CHARACTER)",
	"character designator":                        "(OR CHARACTER STRING SYMBOL)",
	"function name":                               "(OR SYMBOL (CONS (EQL SETF) (CONS SYMBOL NULL)))",
	"class or a class name":                       "(OR CLASS SYMBOL)",
	"simple vector":                               "SIMPLE-VECTOR",
	"bit vector":                                  "BIT-VECTOR",
	"radix between 2 and 36":                      "(INTEGER 2 36)",
	"structure or standard object":                "(OR STRUCTURE-OBJECT STANDARD-OBJECT)",
	"symbol that names a variable":                "SYMBOL",
	"condition designator":                        "(OR SYMBOL STRING FUNCTION CONDITION)",
	"condition type":                              "SYMBOL",
	"lambda expression or a function":             "(OR FUNCTION CONS)",
	"one of the boole- constants":                 "(INTEGER 0 15)",
	"nil, t or a character":                       "(OR BOOLEAN CHARACTER)",
	"array to displace to":                        "ARRAY",
	"byte specifier":                              "CONS",
	"string or a non-negative integer":            "(OR STRING (INTEGER 0))",
	"string or a character":                       "(OR STRING CHARACTER)",
	"string or nil":                               "(OR STRING NULL)",
	"binary input stream (of (unsigned-byte 8))":  "STREAM",
	"binary output stream (of (unsigned-byte 8))": "STREAM",
	"character file stream":                       "FILE-STREAM",
	"string input stream":                         "STRING-STREAM",
	"directory list starting with :absolute or :relative": "LIST",
	"function designator":                                                        "(OR FUNCTION SYMBOL)",
	"logical pathname or its namestring":                                         "(OR LOGICAL-PATHNAME STRING)",
	"package designator":                                                         "(OR PACKAGE STRING SYMBOL CHARACTER)",
	"pathname component (a string, nil, :wild or :unspecific)":                   "(OR STRING NULL (MEMBER :WILD :UNSPECIFIC))",
	"pathname designator (a pathname or a namestring)":                           "(OR PATHNAME STRING FILE-STREAM)",
	"pathname designator (a pathname, a namestring or a file stream)":            "(OR PATHNAME STRING FILE-STREAM)",
	"pathname field (:host, :device, :directory, :name, :type, :version or nil)": "(MEMBER :HOST :DEVICE :DIRECTORY :NAME :TYPE :VERSION NIL)",
	"position within the stream (a byte offset, :start or :end)":                 "(OR (INTEGER 0) (MEMBER :START :END))",
	"positive integer of milliseconds":                                           "(INTEGER 1)",
	"rehash size (an integer above 0 or a float of at least 1)":                  "(OR (INTEGER 1) (FLOAT 1))",
	"rehash threshold (a number from 0 to 1)":                                    "(REAL 0 1)",
	"time zone (a rational number of hours from -24 to 24)":                      "(RATIONAL -24 24)",
	"variable name": "SYMBOL",
	"version (a non-negative integer, :newest, :wild, :unspecific or nil)": "(OR (INTEGER 0) (MEMBER :NEWEST :WILD :UNSPECIFIC NIL))",
	"(unsigned-byte 8)": "(UNSIGNED-BYTE 8)",
	"environment (nil: a macro's &environment parameter)": "NULL",
	"instance of a standard class":                        "STANDARD-OBJECT",
	"instance of a standard class or a structure":         "(OR STANDARD-OBJECT STRUCTURE-OBJECT)",
	"one of :upcase, :downcase, :preserve, :invert":       "(MEMBER :UPCASE :DOWNCASE :PRESERVE :INVERT)",
	"one of nil, t and :default":                          "(MEMBER NIL T :DEFAULT)",
}

// ExpectedType is the type specifier behind a type error's description,
// for tests that check every description names a type typep knows.
func ExpectedType(description string) Value { return expectedType(description) }

// expectedType turns a type error's description ("a number", "a proper
// list") into the type specifier type-error-expected-type returns.
func expectedType(expected string) Value {
	bare := expected
	for _, article := range []string{"a ", "an "} {
		if strings.HasPrefix(bare, article) && len(bare) > len(article) {
			bare = bare[len(article):]
			break
		}
	}
	if spec, ok := describedTypes[bare]; ok {
		v, _ := parseTypeSpec(spec)
		return v
	}
	return Intern(expectedTypeName(expected))
}

// parseTypeSpec reads the upper-case symbols, integers and parentheses
// of a describedTypes entry, returning the value and the text after it.
func parseTypeSpec(s string) (Value, string) {
	s = strings.TrimLeft(s, " ")
	if strings.HasPrefix(s, "(") {
		var items []Value
		s = s[1:]
		for {
			s = strings.TrimLeft(s, " ")
			if strings.HasPrefix(s, ")") {
				return List(items...), s[1:]
			}
			var item Value
			item, s = parseTypeSpec(s)
			items = append(items, item)
		}
	}
	end := strings.IndexAny(s, " ()")
	if end < 0 {
		end = len(s)
	}
	word := s[:end]
	if n, err := strconv.ParseInt(word, 10, 64); err == nil {
		return MakeInt(n), s[end:]
	}
	if strings.HasPrefix(word, ":") {
		return InternKeyword(word[1:]), s[end:]
	}
	return Intern(word), s[end:]
}

// typeErrorFault is the datum and expected type of a type error. The
// message names the whole list a builtin was given, but for a list that
// is not proper, or a property list of odd length, the condition holds
// the part at fault, as SBCL's does: the atom that ends a dotted list
// (not a LIST), or the nil after a property list's last indicator (not a
// CONS). Then the datum is never of the expected type.
func typeErrorFault(datum Value, expected string) (Value, Value) {
	spec := expectedType(expected)
	switch strings.TrimPrefix(expected, "a ") {
	case "proper list", "proper sequence":
		if tail, ok := dottedTail(datum, 1); ok {
			return tail, Intern("LIST")
		}
	case "property list":
		if tail, ok := dottedTail(datum, 2); ok {
			if tail == Value(Nil) {
				return tail, Intern("CONS")
			}
			return tail, Intern("LIST")
		}
	}
	return datum, spec
}

// dottedTail walks a list step conses at a time and returns what ends
// it when that is not nil after a whole step: the atom of a dotted list,
// or nil where a step stopped halfway (a property list of odd length).
// A circular list has no such end.
func dottedTail(v Value, step int) (Value, bool) {
	c, ok := v.(*Cons)
	if !ok {
		return nil, false
	}
	slow := c
	for n := 0; ; n++ {
		for i := 0; i < step; i++ {
			next, ok := c.Cdr.(*Cons)
			if !ok {
				if c.Cdr == Value(Nil) && i == step-1 {
					return nil, false // a proper end
				}
				return c.Cdr, true
			}
			c = next
		}
		if n%2 == 1 {
			slow = slow.Cdr.(*Cons)
		}
		if c == slow {
			return nil, false // circular
		}
	}
}
