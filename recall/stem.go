package recall

import "strings"

// stem is the query-side stem of a search word (docs/recall.md,
// "Relevance"): its ASCII letters lowered and one common English ending
// cut off, so that a body holding any form of the word holds the stem as
// a substring ("hiking" and "hike" → "hik", "confident" and
// "confidence" → "confid"). Only a word of ASCII letters alone is cut; any
// other word (digits, punctuation, letters of other scripts) is only
// lowered, so no byte of another language is ever changed. Bodies are not
// stemmed: matching stays a substring test, and no index changes.
func stem(word string) string {
	w := lowerASCII(word)
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	for _, suf := range stemEndings {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= minStem {
			if suf == "s" && (strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is")) {
				continue
			}
			w = w[:len(w)-len(suf)]
			break
		}
	}
	// A final e goes ("hike" → "hik", as "hiking" gives), and a doubled
	// last consonant loses one ("running" → "runn" → "run").
	if strings.HasSuffix(w, "e") && len(w)-1 >= minStem {
		w = w[:len(w)-1]
	}
	if n := len(w); n-1 >= minStem && w[n-1] == w[n-2] && !strings.ContainsRune("aeiouls", rune(w[n-1])) {
		w = w[:n-1]
	}
	return w
}

// minStem is the shortest stem cut to: shorter ones hit too many words.
const minStem = 3

// stemEndings are tried in this order, the first that leaves minStem
// letters cut.
var stemEndings = []string{
	"ations", "ation", "ingly", "ings", "ing", "edly", "ed", "ies", "ied", "es",
	"ments", "ment", "ness", "ences", "ence", "ances", "ance", "ents", "ent", "ants", "ant",
	"ers", "er", "est", "ly", "ful", "ity", "ive", "ous", "able", "ible", "al", "s",
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
