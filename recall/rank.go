package recall

import (
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/unpack"
)

// rankPool is how many of the newest matching rows :rank :best orders:
// every match of any but the commonest words, while a search for a word
// in every event still reads a bounded number of bodies.
const rankPool = 2000

// rankArg is :rank: :newest (the default, the seeds' order), :best or
// :relevance.
type rankArg int

const (
	rankNewest rankArg = iota
	rankBest
	rankRelevance
)

func (r *rankArg) UnpackLisp(v lisp.Value) error {
	if sym, isSym := v.(*lisp.Symbol); isSym && sym.Keyword {
		switch lowerName(sym) {
		case "newest":
			*r = rankNewest
			return nil
		case "best":
			*r = rankBest
			return nil
		case "relevance":
			*r = rankRelevance
			return nil
		}
	}
	return &unpack.Mismatch{
		Want: ":newest, :best or :relevance",
		Type: lisp.List(lisp.Intern("MEMBER"), lisp.InternKeyword("NEWEST"), lisp.InternKeyword("BEST"), lisp.InternKeyword("RELEVANCE")),
	}
}

// match is how well a body holds a query's words.
type match struct {
	span  int // bytes of the shortest stretch holding every word
	count int // occurrences of the words
}

// better reports whether a ranks before b: the words closer together,
// then more of them, then (as the hits come, newest first) the newer.
func (a match) better(b match) bool {
	if a.span != b.span {
		return a.span < b.span
	}
	return a.count > b.count
}

// rank orders hits (newest first, as the store returns them) best first,
// stably, so equal matches stay newest first.
func rank(hits []store.Hit, words []string) {
	type scored struct {
		hit store.Hit
		m   match
	}
	s := make([]scored, len(hits))
	for i, h := range hits {
		s[i] = scored{h, score(h.Body, words)}
	}
	slices.SortStableFunc(s, func(a, b scored) int {
		switch {
		case a.m.better(b.m):
			return -1
		case b.m.better(a.m):
			return 1
		}
		return 0
	})
	for i := range s {
		hits[i] = s[i].hit
	}
}

// score finds every occurrence of each word in body (ASCII case folded,
// as the search matched them) and the shortest stretch holding one of
// each: a sweep over the occurrences in body order, keeping the latest
// start of each word.
func score(body string, words []string) match {
	folded := store.LowerASCII(body)
	type occ struct{ at, word, end int }
	var occs []occ
	for w, word := range words {
		word = store.LowerASCII(word)
		for i := 0; word != ""; {
			j := strings.Index(folded[i:], word)
			if j < 0 {
				break
			}
			occs = append(occs, occ{i + j, w, i + j + len(word)})
			i += j + 1
		}
	}
	m := match{span: len(body) + 1, count: len(occs)}
	slices.SortFunc(occs, func(a, b occ) int { return a.at - b.at })
	last := make([]int, len(words)) // index in occs of each word's latest occurrence, +1
	seen := 0
	for i, o := range occs {
		if last[o.word] == 0 {
			seen++
		}
		last[o.word] = i + 1
		if seen < len(words) {
			continue
		}
		start, end := len(body), 0
		for _, l := range last {
			start = min(start, occs[l-1].at)
			end = max(end, occs[l-1].end)
		}
		m.span = min(m.span, end-start)
	}
	return m
}
