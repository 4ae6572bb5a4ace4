package format

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
)

// integer is ~D, ~B, ~O and ~X: mincol,padchar,commachar,comma-interval;
// : groups digits, @ always prints the sign. A non-integer argument is
// printed as by ~A, as SBCL does.
func (st *state) integer(d *directive, base int) {
	if len(d.params) == 0 && !d.colon && !d.at {
		if n, ok := st.next(d).(lisp.Fixnum); ok && base == 10 {
			var buf [24]byte
			st.out.b.Write(strconv.AppendInt(buf[:0], int64(n), 10))
			return
		}
		st.pos--
	}
	f := st.intFields(d, 0)
	st.printInteger(d, st.next(d), base, f)
}

// intFields are the padding and comma parameters of an integer directive.
type intFields struct {
	mincol   int
	pad      rune
	comma    rune
	interval int
}

// intFields resolves them starting at parameter index first, before the
// argument is taken (v parameters come first in the arguments).
func (st *state) intFields(d *directive, first int) intFields {
	return intFields{
		mincol:   st.width(d, first, 0),
		pad:      st.charParam(d, first+1, ' '),
		comma:    st.charParam(d, first+2, ','),
		interval: st.intParam(d, first+3, 3),
	}
}

// printInteger prints v in base with the padding and comma fields.
func (st *state) printInteger(d *directive, v lisp.Value, base int, f intFields) {
	if !lisp.IsInteger(v) {
		st.out.b.WriteString(printString(v, false))
		return
	}
	digits, neg := integerText(v, base)
	if d.colon && f.interval > 0 {
		digits = groupDigits(digits, f.comma, f.interval)
	}
	switch {
	case neg:
		digits = "-" + digits
	case d.at:
		digits = "+" + digits
	}
	writeField(st.out.b, digits, f.mincol, 1, 0, f.pad, true)
}

// integerText returns the digits of |v| in base (upper-case letters, as
// SBCL prints) and whether v is negative.
func integerText(v lisp.Value, base int) (string, bool) {
	switch n := v.(type) {
	case lisp.Fixnum:
		if n < 0 {
			return strings.ToUpper(new(big.Int).Neg(big.NewInt(int64(n))).Text(base)), true
		}
		return strings.ToUpper(strconv.FormatInt(int64(n), base)), false
	case *big.Int:
		return strings.ToUpper(new(big.Int).Abs(n).Text(base)), n.Sign() < 0
	}
	return "", false
}

// groupDigits inserts comma between groups of interval digits from the
// right.
func groupDigits(s string, comma rune, interval int) string {
	if len(s) <= interval {
		return s
	}
	var b strings.Builder
	first := len(s) % interval
	if first == 0 {
		first = interval
	}
	b.WriteString(s[:first])
	for i := first; i < len(s); i += interval {
		b.WriteRune(comma)
		b.WriteString(s[i : i+interval])
	}
	return b.String()
}

// radix is ~R: with a radix parameter an integer in that base
// (radix,mincol,padchar,commachar,interval); without, English cardinals,
// ordinals (:), Roman numerals (@) or old Roman numerals (:@).
func (st *state) radix(d *directive) {
	if base, ok := st.optInt(d, 0); ok {
		if base < 2 || base > 36 {
			st.fail(d, "radix must be between 2 and 36")
		}
		f := st.intFields(d, 1)
		st.printInteger(d, st.next(d), base, f)
		return
	}
	v := st.next(d)
	if !lisp.IsInteger(v) {
		lisp.TypeError("format", v, "an integer")
	}
	switch {
	case d.at:
		n, ok := v.(lisp.Fixnum)
		limit := lisp.Fixnum(4000)
		if d.colon {
			limit = 5000
		}
		if !ok || n <= 0 || n >= limit {
			st.fail(d, "number too large to print in Roman numerals: "+printString(v, false))
		}
		st.out.b.WriteString(roman(int(n), d.colon))
	default:
		n := lisp.ToBig(v)
		if len(n.String()) > 66 {
			st.fail(d, "number too large to print in English: "+printString(v, false))
		}
		st.out.b.WriteString(english(n, d.colon))
	}
}

var romanDigits = []struct {
	val  int
	text string
	old  bool // part of the old (additive-only) numerals
}{
	{1000, "M", true}, {900, "CM", false}, {500, "D", true}, {400, "CD", false},
	{100, "C", true}, {90, "XC", false}, {50, "L", true}, {40, "XL", false},
	{10, "X", true}, {9, "IX", false}, {5, "V", true}, {4, "IV", false}, {1, "I", true},
}

func roman(n int, old bool) string {
	var b strings.Builder
	for _, r := range romanDigits {
		if old && !r.old {
			continue
		}
		for n >= r.val {
			b.WriteString(r.text)
			n -= r.val
		}
	}
	return b.String()
}

var (
	onesNames = []string{"", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
		"ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	tensNames  = []string{"", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}
	groupNames = []string{"", " thousand", " million", " billion", " trillion", " quadrillion",
		" quintillion", " sextillion", " septillion", " octillion", " nonillion", " decillion",
		" undecillion", " duodecillion", " tredecillion", " quattuordecillion", " quindecillion",
		" sexdecillion", " septendecillion", " octodecillion", " novemdecillion", " vigintillion"}
	ordinalOnes = []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
		"tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
		"seventeenth", "eighteenth", "nineteenth"}
	ordinalTens = []string{"", "tenth", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth",
		"seventieth", "eightieth", "ninetieth"}
)

// english spells n out as SBCL's ~R and ~:R do.
func english(n *big.Int, ordinal bool) string {
	if n.Sign() == 0 {
		if ordinal {
			return "zeroth"
		}
		return "zero"
	}
	var b strings.Builder
	if n.Sign() < 0 {
		b.WriteString("negative ")
		n = new(big.Int).Neg(n)
	}
	// Split into groups of three digits, most significant first.
	var groups []int
	thousand := big.NewInt(1000)
	for m, r := new(big.Int).Set(n), new(big.Int); m.Sign() > 0; {
		m.QuoRem(m, thousand, r)
		groups = append(groups, int(r.Int64()))
	}
	last := 0 // index of the lowest non-zero group
	for last < len(groups) && groups[last] == 0 {
		last++
	}
	first := true
	for i := len(groups) - 1; i >= 0; i-- {
		g := groups[i]
		if g == 0 {
			continue
		}
		if !first {
			b.WriteByte(' ')
		}
		first = false
		if ordinal && i == last && i == 0 {
			b.WriteString(hundreds(g, true))
			continue
		}
		b.WriteString(hundreds(g, false))
		b.WriteString(groupNames[i])
		if ordinal && i == last {
			b.WriteString("th")
		}
	}
	return b.String()
}

// hundreds spells 1..999, the last word as an ordinal when asked.
func hundreds(n int, ordinal bool) string {
	var parts []string
	h, rest := n/100, n%100
	if h > 0 {
		if rest == 0 && ordinal {
			parts = append(parts, onesNames[h]+" hundredth")
		} else {
			parts = append(parts, onesNames[h]+" hundred")
		}
	}
	if rest > 0 {
		parts = append(parts, tens(rest, ordinal))
	}
	return strings.Join(parts, " ")
}

func tens(n int, ordinal bool) string {
	names, tensTable := onesNames, tensNames
	if ordinal {
		names = ordinalOnes
	}
	if n < 20 {
		return names[n]
	}
	t, o := n/10, n%10
	if o == 0 {
		if ordinal {
			return ordinalTens[t]
		}
		return tensTable[t]
	}
	return tensNames[t] + "-" + names[o]
}
