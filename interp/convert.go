package interp

import (
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strings"
	"time"

	"github.com/nodelisp/nodelisp/lisp"
)

// TimeFormat is how times cross into Lisp: UTC with microseconds, the
// format recall rows use.
const TimeFormat = "2006-01-02T15:04:05.000000Z"

// ToLisp converts a Go value into a Lisp value:
//
//	nil                       nil
//	string                    a string
//	bool                      t or nil
//	int…, uint…               an integer
//	float32, float64          a float
//	time.Time                 a string in TimeFormat (UTC)
//	[]T, [N]T                 a list
//	map[string]T              a plist with keyword keys, sorted by key
//	lisp.Value types          themselves
func ToLisp(v any) (lisp.Value, error) {
	switch x := v.(type) {
	case nil:
		return lisp.Nil, nil
	case string:
		return lisp.NewString(x), nil
	case bool:
		return lisp.Bool(x), nil
	case int:
		return lisp.MakeInt(int64(x)), nil
	case int64:
		return lisp.MakeInt(x), nil
	case float64:
		return lisp.Float(x), nil
	case time.Time:
		return lisp.NewString(x.UTC().Format(TimeFormat)), nil
	case *lisp.Symbol, lisp.Fixnum, lisp.Float, lisp.Char, *lisp.String, *lisp.Cons,
		*lisp.Vector, *lisp.HashTable, *big.Int, *big.Rat, lisp.Function, *lisp.Condition:
		return x, nil
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return lisp.MakeInt(rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return lisp.NormBig(new(big.Int).SetUint64(rv.Uint())), nil
	case reflect.Float32, reflect.Float64:
		return lisp.Float(rv.Float()), nil
	case reflect.String:
		return lisp.NewString(rv.String()), nil
	case reflect.Bool:
		return lisp.Bool(rv.Bool()), nil
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			return lisp.Nil, nil
		}
		items := make([]lisp.Value, rv.Len())
		for i := range items {
			item, err := ToLisp(rv.Index(i).Interface())
			if err != nil {
				return nil, err
			}
			items[i] = item
		}
		return lisp.List(items...), nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			break
		}
		keys := make([]string, 0, rv.Len())
		for _, k := range rv.MapKeys() {
			keys = append(keys, k.String())
		}
		sort.Strings(keys)
		var b lisp.ListBuilder
		for _, k := range keys {
			item, err := ToLisp(rv.MapIndex(reflect.ValueOf(k).Convert(rv.Type().Key())).Interface())
			if err != nil {
				return nil, err
			}
			b.Add(lisp.InternKeyword(strings.ToUpper(k)))
			b.Add(item)
		}
		return b.List(), nil
	case reflect.Pointer, reflect.Interface:
		if rv.IsNil() {
			return lisp.Nil, nil
		}
		return ToLisp(rv.Elem().Interface())
	}
	return nil, fmt.Errorf("cannot convert %T to a Lisp value", v)
}

// FromLisp stores a Lisp value into dst, which must be a pointer to a
// string, bool, integer, float, time.Time, slice, map[string]T or any.
// Lists become slices; plists (keyword, value, …), hash tables with string
// or symbol keys, and alists become maps. Into *any a value becomes its
// natural Go form: string, int64, float64, bool, []any, map[string]any for
// plists, or the Lisp value itself when nothing fits.
func FromLisp(v lisp.Value, dst any) error {
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("FromLisp: destination must be a non-nil pointer, got %T", dst)
	}
	return assign(v, rv.Elem(), 0)
}

// maxDepth bounds how deeply conversions descend, so a structure that
// contains itself ends in an error (or its printed form) instead of
// exhausting the host's memory.
const maxDepth = 200

func assign(v lisp.Value, dst reflect.Value, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("FromLisp: structure nested deeper than %d (circular?)", maxDepth)
	}
	if dst.Type() == reflect.TypeOf(time.Time{}) {
		s, ok := v.(*lisp.String)
		if !ok {
			return mismatch(v, dst)
		}
		t, err := time.Parse(time.RFC3339Nano, s.S)
		if err != nil {
			return fmt.Errorf("FromLisp: %q is not a time: %w", s.S, err)
		}
		dst.Set(reflect.ValueOf(t))
		return nil
	}
	switch dst.Kind() {
	case reflect.Interface:
		// nil has no reflect.Value to Set, and a destination such as
		// error or fmt.Stringer takes only what implements it.
		n := reflect.ValueOf(natural(v))
		switch {
		case !n.IsValid():
			dst.SetZero()
		case n.Type().AssignableTo(dst.Type()):
			dst.Set(n)
		default:
			return mismatch(v, dst)
		}
		return nil
	case reflect.String:
		switch x := v.(type) {
		case *lisp.String:
			dst.SetString(x.S)
		case *lisp.Symbol:
			dst.SetString(strings.ToLower(x.Name))
		case lisp.Char:
			dst.SetString(string(rune(x)))
		default:
			return mismatch(v, dst)
		}
	case reflect.Bool:
		dst.SetBool(lisp.Truthy(v))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, ok := v.(lisp.Fixnum)
		if !ok || dst.OverflowInt(int64(n)) {
			return mismatch(v, dst)
		}
		dst.SetInt(int64(n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := v.(lisp.Fixnum)
		if !ok || n < 0 || dst.OverflowUint(uint64(n)) {
			return mismatch(v, dst)
		}
		dst.SetUint(uint64(n))
	case reflect.Float32, reflect.Float64:
		if !lisp.IsNumber(v) {
			return mismatch(v, dst)
		}
		dst.SetFloat(lisp.ToFloat(v))
	case reflect.Slice:
		items, err := elements(v)
		if err != nil {
			return err
		}
		out := reflect.MakeSlice(dst.Type(), len(items), len(items))
		for i, item := range items {
			if err := assign(item, out.Index(i), depth+1); err != nil {
				return err
			}
		}
		dst.Set(out)
	case reflect.Map:
		if dst.Type().Key().Kind() != reflect.String {
			return mismatch(v, dst)
		}
		pairs, err := mapPairs(v)
		if err != nil {
			return err
		}
		out := reflect.MakeMapWithSize(dst.Type(), len(pairs))
		for _, p := range pairs {
			ev := reflect.New(dst.Type().Elem()).Elem()
			if err := assign(p.val, ev, depth+1); err != nil {
				return err
			}
			out.SetMapIndex(reflect.ValueOf(p.key).Convert(dst.Type().Key()), ev)
		}
		dst.Set(out)
	default:
		return mismatch(v, dst)
	}
	return nil
}

func mismatch(v lisp.Value, dst reflect.Value) error {
	return fmt.Errorf("FromLisp: cannot store %s in a %s", lisp.Prin1ToString(v), dst.Type())
}

func elements(v lisp.Value) ([]lisp.Value, error) {
	switch x := v.(type) {
	case *lisp.Vector:
		return x.Items, nil
	case *lisp.Cons, *lisp.Symbol:
		if !lisp.IsList(v) {
			break
		}
		var out []lisp.Value
		slow := v // moves one cell for every two of v: meeting it means a cycle
		for i := 0; v != lisp.Value(lisp.Nil); i++ {
			c, ok := v.(*lisp.Cons)
			if !ok {
				return nil, fmt.Errorf("FromLisp: %s is not a proper list", lisp.Prin1ToString(x))
			}
			out = append(out, c.Car)
			v = c.Cdr
			if i%2 == 1 {
				slow = slow.(*lisp.Cons).Cdr
				if slow == v {
					return nil, fmt.Errorf("FromLisp: %s is a circular list", lisp.Prin1ToString(x))
				}
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("FromLisp: %s is not a list or vector", lisp.Prin1ToString(v))
}

type pair struct {
	key string
	val lisp.Value
}

func keyName(k lisp.Value) (string, bool) {
	switch x := k.(type) {
	case *lisp.Symbol:
		return strings.ToLower(x.Name), true
	case *lisp.String:
		return x.S, true
	}
	return "", false
}

// mapPairs reads a plist, an alist or a hash table as key/value pairs.
func mapPairs(v lisp.Value) ([]pair, error) {
	if h, ok := v.(*lisp.HashTable); ok {
		var out []pair
		var bad error
		h.Each(func(k, val lisp.Value) bool {
			name, ok := keyName(k)
			if !ok {
				bad = fmt.Errorf("FromLisp: hash key %s is not a string or symbol", lisp.Prin1ToString(k))
				return false
			}
			out = append(out, pair{name, val})
			return true
		})
		return out, bad
	}
	items, err := elements(v)
	if err != nil {
		return nil, err
	}
	var out []pair
	if len(items) > 0 {
		if _, isCons := items[0].(*lisp.Cons); isCons {
			for _, it := range items {
				c, ok := it.(*lisp.Cons)
				if !ok {
					return nil, fmt.Errorf("FromLisp: %s is not an alist", lisp.Prin1ToString(v))
				}
				name, okName := keyName(c.Car)
				if !okName {
					return nil, fmt.Errorf("FromLisp: %s is not an alist", lisp.Prin1ToString(v))
				}
				out = append(out, pair{name, c.Cdr})
			}
			return out, nil
		}
	}
	if len(items)%2 != 0 {
		return nil, fmt.Errorf("FromLisp: %s is not a plist", lisp.Prin1ToString(v))
	}
	for i := 0; i < len(items); i += 2 {
		name, ok := keyName(items[i])
		if !ok {
			return nil, fmt.Errorf("FromLisp: plist key %s is not a symbol", lisp.Prin1ToString(items[i]))
		}
		out = append(out, pair{name, items[i+1]})
	}
	return out, nil
}

// isPlist reports whether items alternate keyword and value.
func isPlist(items []lisp.Value) bool {
	if len(items) == 0 || len(items)%2 != 0 {
		return false
	}
	for i := 0; i < len(items); i += 2 {
		k, ok := items[i].(*lisp.Symbol)
		if !ok || !k.Keyword {
			return false
		}
	}
	return true
}

// natural converts a Lisp value to the Go value a host would expect, or
// the Lisp value itself when nothing fits.
func natural(v lisp.Value) any {
	return goValue(v, func(v lisp.Value) any { return v }, 0)
}

// goValue converts the values that have a plain Go form: strings, fixnums,
// floats, characters, t and nil, plists (to maps), and lists and vectors
// (to slices). Everything else goes through other.
func goValue(v lisp.Value, other func(lisp.Value) any, depth int) any {
	if depth > maxDepth {
		return other(v)
	}
	switch x := v.(type) {
	case *lisp.String:
		return x.S
	case lisp.Fixnum:
		return int64(x)
	case lisp.Float:
		return float64(x)
	case lisp.Char:
		return string(rune(x))
	case *lisp.Symbol:
		switch x {
		case lisp.Nil:
			return nil
		case lisp.T:
			return true
		}
		return lisp.Prin1ToString(x)
	case *lisp.Cons:
		items, err := elements(x)
		if err != nil {
			return other(x)
		}
		if isPlist(items) {
			m := make(map[string]any, len(items)/2)
			for i := 0; i < len(items); i += 2 {
				m[strings.ToLower(items[i].(*lisp.Symbol).Name)] = goValue(items[i+1], other, depth+1)
			}
			return m
		}
		return goSlice(items, other, depth)
	case *lisp.Vector:
		return goSlice(x.Items, other, depth)
	}
	return other(v)
}

func goSlice(items []lisp.Value, other func(lisp.Value) any, depth int) []any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = goValue(it, other, depth+1)
	}
	return out
}
