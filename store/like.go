package store

import (
	"strings"
	"unicode/utf8"
)

// A match pattern is SQL LIKE, defined once here for every backend:
//   - % matches any run of characters, _ matches one character;
//   - \ makes the next character literal; a \ at the very end is a
//     literal backslash;
//   - only ASCII letters fold case: "deploy" matches "DEPLOY", "é" does
//     not match "É".
// Patterns are unanchored where the store applies them: an event matches
// when its payload contains a stretch that matches.

type likeToken struct {
	wild rune // '%' or '_' for a wildcard, 0 for a literal
	lit  rune
}

func parseLike(p string) []likeToken {
	var toks []likeToken
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRuneInString(p[i:])
		i += n
		switch r {
		case '%', '_':
			toks = append(toks, likeToken{wild: r})
		case '\\':
			if i == len(p) {
				toks = append(toks, likeToken{lit: '\\'})
				continue
			}
			r, n = utf8.DecodeRuneInString(p[i:])
			i += n
			toks = append(toks, likeToken{lit: r})
		default:
			toks = append(toks, likeToken{lit: r})
		}
	}
	return toks
}

// CanonicalLike rewrites a pattern so that \ appears only before %, _ and
// \, the form every backend reads the same way (PostgreSQL rejects a
// trailing escape; SQLite treats it differently).
func CanonicalLike(p string) string {
	var sb strings.Builder
	for _, t := range parseLike(p) {
		if t.wild != 0 {
			sb.WriteRune(t.wild)
			continue
		}
		if t.lit == '%' || t.lit == '_' || t.lit == '\\' {
			sb.WriteByte('\\')
		}
		sb.WriteRune(t.lit)
	}
	return sb.String()
}

// FoldedLike returns the one pattern that every pattern matching the same
// texts as p shares, as far as spelling goes: CanonicalLike's escapes, and
// ASCII letters lowered, since matching folds them (a letter cannot be
// escaped into case-sensitivity). "Deploy" and "deploy" give "deploy".
func FoldedLike(p string) string {
	return strings.Map(func(r rune) rune { return foldASCII(r) }, CanonicalLike(p))
}

// EscapeLike returns a pattern matching s literally.
func EscapeLike(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(s)
}

// Contains reports whether s holds a stretch matching pattern p: the
// reference for what every backend's :match and search return.
func Contains(s, p string) bool {
	toks := append([]likeToken{{wild: '%'}}, parseLike(p)...)
	toks = append(toks, likeToken{wild: '%'})
	return likeMatch(toks, []rune(s))
}

// likeMatch matches tokens against the whole of s, backtracking only to
// the most recent %, which keeps it linear in practice.
func likeMatch(toks []likeToken, s []rune) bool {
	ti, si := 0, 0
	starT, starS := -1, 0
	for si < len(s) {
		if ti < len(toks) {
			t := toks[ti]
			switch {
			case t.wild == '%':
				starT, starS = ti, si
				ti++
				continue
			case t.wild == '_' || foldASCII(t.lit) == foldASCII(s[si]):
				ti++
				si++
				continue
			}
		}
		if starT < 0 {
			return false
		}
		starS++
		ti, si = starT+1, starS
	}
	for ti < len(toks) && toks[ti].wild == '%' {
		ti++
	}
	return ti == len(toks)
}

func foldASCII(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

// TrigramFilter returns a LIKE pattern without escapes that every text
// matching p also matches, built from p's literal runs of at least three
// characters, for trigram indexes that cannot take an ESCAPE clause (SQLite
// FTS5). ok is false when p has no such run, and so no index can narrow it.
func TrigramFilter(p string) (filter string, ok bool) {
	runs := LiteralRuns(p)
	if len(runs) == 0 {
		return "", false
	}
	return "%" + strings.Join(runs, "%") + "%", true
}

// LiteralRuns returns p's runs of three or more literal characters: the
// text a trigram index can look up. Runs end at wildcards and at escaped
// % and _, which FTS5 could not be given without an escape.
func LiteralRuns(p string) []string {
	var runs []string
	var cur []rune
	flush := func() {
		if len(cur) >= 3 {
			runs = append(runs, string(cur))
		}
		cur = cur[:0]
	}
	for _, t := range parseLike(p) {
		if t.wild != 0 || t.lit == '%' || t.lit == '_' {
			flush()
			continue
		}
		cur = append(cur, t.lit)
	}
	flush()
	return runs
}

// HasTrigram reports whether p has a literal run of three or more
// characters that a trigram index can use.
func HasTrigram(p string) bool {
	_, ok := TrigramFilter(p)
	return ok
}

// Literal returns the text p matches when it has no wildcards, for
// backends with a faster test for plain substrings.
func Literal(p string) (string, bool) {
	var sb strings.Builder
	for _, t := range parseLike(p) {
		if t.wild != 0 {
			return "", false
		}
		sb.WriteRune(t.lit)
	}
	return sb.String(), true
}

// LowerASCII folds only ASCII letters, as match patterns do.
func LowerASCII(s string) string {
	return strings.Map(foldASCII, s)
}
