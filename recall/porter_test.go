package recall

import "strings"

// porter is the Porter (1980) stemmer's five steps, written for the
// LoCoMo benchmark's stemmed BM25 anchor (locomo_bench_test.go): the
// classic stemmer an IR baseline would use, on lower-case ASCII words.
// It is not used by recall, which stems only the query (stem.go).
func porter(w string) string {
	if len(w) <= 2 {
		return w
	}
	b := []byte(w)
	b = porterStep1(b)
	b = replaceFirst(b, 0, porterStep2)
	b = replaceFirst(b, 0, porterStep3)
	b = porterStep4(b)
	b = porterStep5(b)
	return string(b)
}

// consonant reports whether b[i] is a consonant: y is one at the start or
// after a vowel.
func consonant(b []byte, i int) bool {
	switch b[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !consonant(b, i-1)
	}
	return true
}

// measure is m of [C](VC)^m[V]: the number of vowel-consonant runs.
func measure(b []byte) int {
	m, i, n := 0, 0, len(b)
	for i < n && consonant(b, i) {
		i++
	}
	for i < n {
		for i < n && !consonant(b, i) {
			i++
		}
		if i >= n {
			break
		}
		for i < n && consonant(b, i) {
			i++
		}
		m++
	}
	return m
}

func hasVowel(b []byte) bool {
	for i := range b {
		if !consonant(b, i) {
			return true
		}
	}
	return false
}

func doubleConsonant(b []byte) bool {
	n := len(b)
	return n >= 2 && b[n-1] == b[n-2] && consonant(b, n-1)
}

// cvc: the stem ends consonant-vowel-consonant, the last not w, x or y.
func cvc(b []byte) bool {
	n := len(b)
	if n < 3 || !consonant(b, n-3) || consonant(b, n-2) || !consonant(b, n-1) {
		return false
	}
	c := b[n-1]
	return c != 'w' && c != 'x' && c != 'y'
}

func porterStep1(b []byte) []byte {
	s := string(b)
	switch {
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "ies"):
		b = b[:len(b)-2]
	case strings.HasSuffix(s, "ss"):
	case strings.HasSuffix(s, "s"):
		b = b[:len(b)-1]
	}
	s = string(b)
	cut := false
	switch {
	case strings.HasSuffix(s, "eed"):
		if measure(b[:len(b)-3]) > 0 {
			b = b[:len(b)-1]
		}
	case strings.HasSuffix(s, "ed") && hasVowel(b[:len(b)-2]):
		b, cut = b[:len(b)-2], true
	case strings.HasSuffix(s, "ing") && hasVowel(b[:len(b)-3]):
		b, cut = b[:len(b)-3], true
	}
	if cut {
		s = string(b)
		switch {
		case strings.HasSuffix(s, "at"), strings.HasSuffix(s, "bl"), strings.HasSuffix(s, "iz"):
			b = append(b, 'e')
		case doubleConsonant(b) && !strings.ContainsRune("lsz", rune(b[len(b)-1])):
			b = b[:len(b)-1]
		case measure(b) == 1 && cvc(b):
			b = append(b, 'e')
		}
	}
	if n := len(b); b[n-1] == 'y' && hasVowel(b[:n-1]) {
		b[n-1] = 'i'
	}
	return b
}

var porterStep2 = [][2]string{
	{"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"}, {"anci", "ance"}, {"izer", "ize"},
	{"abli", "able"}, {"alli", "al"}, {"entli", "ent"}, {"eli", "e"}, {"ousli", "ous"},
	{"ization", "ize"}, {"ation", "ate"}, {"ator", "ate"}, {"alism", "al"}, {"iveness", "ive"},
	{"fulness", "ful"}, {"ousness", "ous"}, {"aliti", "al"}, {"iviti", "ive"}, {"biliti", "ble"},
}

var porterStep3 = [][2]string{
	{"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"}, {"ical", "ic"}, {"ful", ""}, {"ness", ""},
}

// replaceFirst replaces the first (longest listed) ending that matches,
// when the stem before it has a measure above least.
func replaceFirst(b []byte, least int, rules [][2]string) []byte {
	s := string(b)
	best := -1
	for i, r := range rules {
		if strings.HasSuffix(s, r[0]) && (best < 0 || len(r[0]) > len(rules[best][0])) {
			best = i
		}
	}
	if best < 0 {
		return b
	}
	stem := b[:len(b)-len(rules[best][0])]
	if measure(stem) > least {
		return append(stem, rules[best][1]...)
	}
	return b
}

var porterStep4 = func() func([]byte) []byte {
	endings := []string{"al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
		"ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize"}
	return func(b []byte) []byte {
		s := string(b)
		best := ""
		for _, e := range endings {
			if strings.HasSuffix(s, e) && len(e) > len(best) {
				best = e
			}
		}
		if best == "" {
			return b
		}
		stem := b[:len(b)-len(best)]
		if best == "ion" && (len(stem) == 0 || (stem[len(stem)-1] != 's' && stem[len(stem)-1] != 't')) {
			return b
		}
		if measure(stem) > 1 {
			return stem
		}
		return b
	}
}()

func porterStep5(b []byte) []byte {
	if n := len(b); b[n-1] == 'e' {
		m := measure(b[:n-1])
		if m > 1 || (m == 1 && !cvc(b[:n-1])) {
			b = b[:n-1]
		}
	}
	if n := len(b); n > 1 && b[n-1] == 'l' && doubleConsonant(b) && measure(b) > 1 {
		b = b[:n-1]
	}
	return b
}
