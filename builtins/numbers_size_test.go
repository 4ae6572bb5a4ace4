package builtins

import (
	"strings"
	"testing"
)

// Integers are bounded (lisp.MaxIntegerBits), so no one step of a cell
// runs for long; parsing a long digit string is quick and exact.
func TestIntegerSizes(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`(= (parse-integer (make-string 30000 :initial-element #\9)) (1- (expt 10 30000)))`, "t"},
		{`(integer-length (parse-integer (make-string 1000000 :initial-element #\7)))`, "3321928"},
		{`(parse-integer "-9223372036854775808")`, "-9223372036854775808"},
		{`(parse-integer "9223372036854775808")`, "9223372036854775808"},
		{`(parse-integer " -ff " :radix 16)`, "-255"},
		{`(integer-length (* (expt 2 8000000) (expt 2 8000000)))`, "16000001"},
	} {
		got, _, err := libEval(t, c.src)
		if err != nil || got != c.want {
			t.Errorf("%s = %s (error %v), want %s", c.src, got, err, c.want)
		}
	}
	for _, c := range []struct{ src, want string }{
		{`(* (expt 2 8000000) (expt 2 8000000) (expt 2 8000000))`, "*: the product of numbers of 16000001 and 8000001 bits is too large (at most 16777216 bits)"},
		{`(expt 3 20000000)`, "expt: the result of (expt 3 20000000) is too large"},
		{`(ash 1 20000000)`, "ash: the result of shifting by 20000000 is too large"},
		{`(parse-integer (make-string 6000000 :initial-element #\9))`, "parse-integer: an integer of 6000000 digits is too large (at most 16777216 bits)"},
	} {
		_, _, err := libEval(t, c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}
