package recall

import (
	"cmp"
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
)

// :rank :relevance (docs/recall.md, "Relevance"): a row qualifies when its
// body holds at least one query word's stem, and rows are ranked by the
// summed rarity of the stems they hold, each saturated in how often it
// is held (BM25's term frequency, with no length normalisation), ties by
// the tightest stretch holding one of each matched stem, then newest.

// The bounds of a relevance search's reads (docs/recall.md, "Relevance").
const (
	// relevanceSample is how many of the newest events the tally reads
	// to tell common stems from rare ones and estimate their frequency.
	relevanceSample = 1000
	// relevancePool is how many of the newest events holding a stem that
	// is not common are read: every one for a stem rarer than that. The
	// rows holding every such stem are read too, as many.
	relevancePool = 1000
	// commonPool is how many of the newest events holding a common stem
	// are read: its rows weigh little, and there are many to choose from.
	commonPool = 200
	// commonShare makes a stem common: held by at least one sampled
	// event in commonShare.
	commonShare = 100
)

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
	// held is how many sampled events hold the stem; common says it is
	// held by one in commonShare or more.
	held   int64
	common bool
	idf    float64
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

// relevantRows runs a relevance search in bounded reads, each the same on
// both backends, so the ranking is too: a tally of the stems in the
// newest events and the store's event count; then, at the same time, the
// newest relevancePool events holding each stem that is not common, the
// newest relevancePool holding all of those at once (the rows a question
// is most likely about, which a stem's newest rows alone could miss),
// and the newest commonPool holding each common stem. The union is
// scored here.
func relevantRows(ctx context.Context, x echoes, st store.Store, q store.SearchQuery, limit, window, lead int) lisp.Value {
	ts := terms(q.Words)
	stems := make([]string, len(ts))
	for i, t := range ts {
		stems[i] = t.stem
	}
	tq := q
	tq.Words, tq.Limit = stems, relevanceSample
	tally, err := x.tally(ctx, st, tq)
	if err != nil {
		storeFailed(ctx, opSearch, "", err)
	}
	for i, t := range ts {
		t.held = tally.Held[i]
		t.common = t.held*commonShare >= tally.Sampled && t.held > 0
	}
	var hits []store.Hit
	if tally.Events <= relevanceSample {
		hits = wholeStore(ctx, x, st, q, ts, stems, tally)
	} else {
		hits = boundedReads(ctx, x, st, q, ts, tally)
	}
	scored := make([]scoredHit, 0, len(hits))
	for _, h := range hits {
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

// boundedReads runs the reads of a store bigger than the tally's sample,
// all at once, and returns their union, each term's idf set.
func boundedReads(ctx context.Context, x echoes, st store.Store, q store.SearchQuery, ts []*term, tally store.Tally) []store.Hit {
	var rare []string
	reads := make([]store.SearchQuery, 0, len(ts)+1)
	for _, t := range ts {
		r := q
		r.Words, r.Limit = []string{t.stem}, relevancePool
		if t.common {
			r.Limit = commonPool
		} else {
			rare = append(rare, t.stem)
		}
		reads = append(reads, r)
	}
	if len(rare) > 1 {
		r := q
		r.Words, r.Limit = rare, relevancePool
		reads = append(reads, r)
	}
	lists, err := searchAll(ctx, x, st, reads)
	if err != nil {
		storeFailed(ctx, opSearch, "", err)
	}
	byKey := map[hitKey]store.Hit{}
	for i, hits := range lists {
		if i < len(ts) {
			ts[i].idf = idf(ts[i], len(hits), reads[i].Limit, tally)
		}
		for _, h := range hits {
			byKey[hitKey{h.Session, h.Seq}] = h
		}
	}
	out := make([]store.Hit, 0, len(byKey))
	for _, h := range byKey {
		out = append(out, h)
	}
	return out
}

// wholeStore reads, in one walk, every event holding any stem, for a
// store no bigger than the tally's sample. Each stem's own read would
// have found all its rows there, so the rows and idfs are the ones the
// bounded reads give, in one statement rather than one per stem.
func wholeStore(ctx context.Context, x echoes, st store.Store, q store.SearchQuery, ts []*term, stems []string, tally store.Tally) []store.Hit {
	r := q
	r.Words, r.Any, r.Limit = stems, true, relevanceSample+1
	hits, err := x.search(ctx, st, r)
	if err != nil {
		storeFailed(ctx, opSearch, "", err)
	}
	bodies := make([]string, len(hits))
	for i, h := range hits {
		bodies[i] = store.LowerASCII(h.Body)
	}
	for _, t := range ts {
		found := 0
		for _, b := range bodies {
			if strings.Contains(b, t.stem) {
				found++
			}
		}
		t.idf = idf(t, found, found+1, tally)
	}
	return hits
}

type hitKey struct {
	session string
	seq     int64
}

// idf is a stem's rarity, BM25's ln(1 + (N - df + 0.5)/(df + 0.5)) with N
// the store's event count. df is exact when the stem's read found fewer
// rows than it asked for (it found them all); otherwise it is estimated
// from the tally's sample, and never below the rows found.
func idf(t *term, found, asked int, tally store.Tally) float64 {
	n := float64(max(tally.Events, 1))
	df := float64(found)
	if found >= asked && tally.Sampled > 0 {
		df = max(df, math.Round(float64(t.held)*n/float64(tally.Sampled)))
	}
	df = min(df, n)
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// searchAll runs the reads at once, one goroutine each: a store is safe
// for concurrent use, and on two or more cores the stems' reads overlap.
func searchAll(ctx context.Context, x echoes, st store.Store, reads []store.SearchQuery) ([][]store.Hit, error) {
	out := make([][]store.Hit, len(reads))
	errs := make([]error, len(reads))
	var wg sync.WaitGroup
	for i, r := range reads {
		wg.Go(func() { out[i], errs[i] = x.search(ctx, st, r) })
	}
	wg.Wait()
	return out, errors.Join(errs...)
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
