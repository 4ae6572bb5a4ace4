package recall

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// :rank :relevance (docs/recall.md, "Relevance"): a row qualifies when its
// body holds at least one query word's stem, and rows are ranked by the
// summed rarity of the stems they hold, each saturated in how often it
// is held (BM25's term frequency, with no length normalisation), ties by
// the tightest stretch holding one of each matched stem, then newest.

// relevancePool is how many of the newest events holding one stem are
// read: every event for a stem rarer than that, and a bounded read for a
// stem in nearly every event. It is also the rarity scale: a stem's
// document frequency counts up to it.
const relevancePool = 1000

// bm25K1 is BM25's term-frequency saturation: a stem held n times counts
// n(k1+1)/(n+k1), from 1 for once up to 2.2.
const bm25K1 = 1.2

var (
	kwScore        = lisp.InternKeyword("SCORE")
	kwMatchedWords = lisp.InternKeyword("MATCHED-WORDS")
)

// term is one stem of the query and the words typed that gave it.
type term struct {
	stem  string
	words []string
	idf   float64
}

// terms groups a query's words by stem, in the order first typed.
func terms(words []string) []*term {
	var out []*term
	by := map[string]*term{}
	for _, w := range words {
		s := stem(w)
		t, ok := by[s]
		if !ok {
			t = &term{stem: s}
			by[s] = t
			out = append(out, t)
		}
		if !slices.Contains(t.words, w) {
			t.words = append(t.words, w)
		}
	}
	return out
}

// scoredHit is a candidate row with its relevance.
type scoredHit struct {
	hit     store.Hit
	score   float64
	span    int
	matched []string
}

// relevantRows runs a relevance search: one store search per stem (the
// store's own plan, newest first, up to relevancePool rows each), the
// union scored here. Both backends return the same rows for each stem,
// so the ranking is the same on each.
func relevantRows(ctx context.Context, x echoes, st store.Store, q store.SearchQuery, limit, window, lead int) lisp.Value {
	ts := terms(q.Words)
	byKey := map[[2]any]store.Hit{}
	for _, t := range ts {
		tq := q
		tq.Words, tq.Limit = []string{t.stem}, relevancePool
		hits, err := x.search(ctx, st, tq)
		if err != nil {
			storeFailed(ctx, opSearch, "", err)
		}
		df := float64(len(hits))
		t.idf = math.Log(1 + (relevancePool-df+0.5)/(df+0.5))
		for _, h := range hits {
			byKey[[2]any{h.Session, h.Seq}] = h
		}
	}
	scored := make([]scoredHit, 0, len(byKey))
	for _, h := range byKey {
		if err := ctx.Err(); err != nil {
			storeFailed(ctx, opSearch, "", err)
		}
		scored = append(scored, relevanceOf(h, ts))
	}
	slices.SortFunc(scored, func(a, b scoredHit) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		if c := cmp.Compare(a.span, b.span); c != 0 {
			return c
		}
		return newerFirst(a.hit, b.hit)
	})
	var out lisp.ListBuilder
	for _, s := range scored[:min(len(scored), limit)] {
		matched := make([]lisp.Value, len(s.matched))
		for i, w := range s.matched {
			matched[i] = lisp.NewString(w)
		}
		stems := make([]string, 0, len(ts))
		for _, t := range ts {
			stems = append(stems, t.stem)
		}
		out.Add(lisp.List(append([]lisp.Value{
			kwSessionID, lisp.NewString(s.hit.Session),
			kwTitle, lisp.NewString(s.hit.Title),
			kwSeq, lisp.MakeInt(s.hit.Seq),
			kwText, lisp.NewString(snippet(s.hit.Body, stems, window, lead)),
			kwScore, lisp.Float(s.score),
			kwMatchedWords, lisp.List(matched...),
		}, sourcePair(s.hit.Source)...)...))
	}
	return out.List()
}

// relevanceOf scores one body: per stem held, its idf times its saturated
// count; the span of the shortest stretch holding one of each stem held.
// The score is rounded to four decimals, so that it prints the same
// wherever it was summed.
func relevanceOf(h store.Hit, ts []*term) scoredHit {
	body := store.LowerASCII(h.Body)
	s := scoredHit{hit: h, matched: []string{}}
	var held []string
	for _, t := range ts {
		n := strings.Count(body, t.stem)
		if n == 0 {
			continue
		}
		f := float64(n)
		s.score += t.idf * f * (bm25K1 + 1) / (f + bm25K1)
		held = append(held, t.stem)
		s.matched = append(s.matched, t.words...)
	}
	s.score = math.Round(s.score*1e4) / 1e4
	s.span = score(h.Body, held).span
	return s
}

// newerFirst is the search order: newest first by time, ties by session
// then seq, both descending.
func newerFirst(a, b store.Hit) int {
	if c := b.At.Compare(a.At); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Session, a.Session); c != 0 {
		return c
	}
	return cmp.Compare(b.Seq, a.Seq)
}
