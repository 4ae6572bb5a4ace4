package interp

import (
	"fmt"
	"reflect"
	"time"
)

// lispTypeName says in Lisp's terms what a Go parameter of type t takes,
// for the type error a cell gets when it passes something else: a cell's
// author knows integers and plists, not int64 and map[string]int64.
func lispTypeName(t reflect.Type) string {
	if t == reflect.TypeOf(time.Time{}) {
		return "a time (an RFC 3339 string)"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		if bits == 64 {
			return "a fixnum"
		}
		return fmt.Sprintf("an integer from %d to %d", -(int64(1) << (bits - 1)), int64(1)<<(bits-1)-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if t.Bits() == 64 {
			return "a non-negative fixnum"
		}
		return fmt.Sprintf("an integer from 0 to %d", uint64(1)<<t.Bits()-1)
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string, symbol or character"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "a list or vector of " + plural(t.Elem())
	case reflect.Map:
		if t.Key().Kind() == reflect.String {
			return "a plist, alist or hash table of " + plural(t.Elem())
		}
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return "any value"
		}
	}
	return "a value convertible to Go's " + t.String()
}

// plural names the elements of a collection parameter.
func plural(t reflect.Type) string {
	if t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64 { // every int and uint kind
		return "integers"
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return "numbers"
	case reflect.String:
		return "strings"
	case reflect.Bool:
		return "booleans"
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return "values"
		}
	}
	return "values convertible to Go's " + t.String()
}
