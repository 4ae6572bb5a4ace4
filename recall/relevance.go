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
		hits = boundedReads(ctx, x, st, q, ts, stems, tally, limit)
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
// all at once, and returns the rows of their union that can rank among
// the first limit, each term's idf set. The reads return counts rather
// than bodies (store.SearchQuery.Count): a row's score needs only how many
// times it holds each stem, so thousands of rows are scored from a few
// numbers each, and only the ones that can be shown are read whole
// (wholeRows).
func boundedReads(ctx context.Context, x echoes, st store.Store, q store.SearchQuery, ts []*term, stems []string, tally store.Tally, limit int) []store.Hit {
	var rare []string
	reads := make([]store.SearchQuery, 0, len(ts)+1)
	for _, t := range ts {
		r := q
		r.Words, r.Limit, r.Count = []string{t.stem}, relevancePool, stems
		if t.common {
			r.Limit = commonPool
		} else {
			rare = append(rare, t.stem)
		}
		reads = append(reads, r)
	}
	if len(rare) > 1 {
		r := q
		r.Words, r.Limit, r.Count = rare, relevancePool, stems
		reads = append(reads, r)
	}
	lists, err := searchAll(ctx, x, st, reads)
	if err != nil {
		storeFailed(ctx, opSearch, "", err)
	}
	byKey := map[store.HitKey]store.Hit{}
	for i, hits := range lists {
		if i < len(ts) {
			ts[i].idf = idf(ts[i], len(hits), reads[i].Limit, tally)
		}
		for _, h := range hits {
			byKey[store.HitKey{Session: h.Session, Seq: h.Seq}] = h
		}
	}
	counted := make([]store.Hit, 0, len(byKey))
	for _, h := range byKey {
		counted = append(counted, h)
	}
	return wholeRows(ctx, st, ts, counted, limit)
}

// wholeRows reads whole the counted rows that can be among the first
// limit, and no others. A row's score comes from its counts as from its
// body, and a row holding one stem has that stem's length as its span,
// so the order is known without bodies except among rows of equal score
// holding two stems or more. So: every row scoring more than the
// limit-th, and of the rows scoring the same as it, those holding two
// stems or more and the first limit of the others in their order. Any
// row left out is beaten by limit rows read.
func wholeRows(ctx context.Context, st store.Store, ts []*term, counted []store.Hit, limit int) []store.Hit {
	type row struct {
		key   store.HitKey
		hit   store.Hit
		score float64
		held  int
		span  int
	}
	rows := make([]row, len(counted))
	for i, h := range counted {
		if err := ctx.Err(); err != nil {
			storeFailed(ctx, opSearch, "", err)
		}
		r := row{key: store.HitKey{Session: h.Session, Seq: h.Seq}, hit: h}
		for j, t := range ts {
			if n := h.Counts[j]; n > 0 {
				r.score += saturated(t.idf, n)
				r.held++
				r.span = len(t.stem)
			}
		}
		r.score = roundScore(r.score)
		rows[i] = r
	}
	slices.SortFunc(rows, func(a, b row) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		// Rows holding two stems or more first: they are all read.
		if c := cmp.Compare(min(b.held, 2), min(a.held, 2)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.span, b.span); c != 0 {
			return c
		}
		return newerFirst(a.hit, b.hit)
	})
	var keys []store.HitKey
	if len(rows) <= limit {
		for _, r := range rows {
			keys = append(keys, r.key)
		}
	} else {
		cut, singles := rows[limit-1].score, 0
		for _, r := range rows {
			if r.score < cut {
				break
			}
			if r.score == cut && r.held < 2 {
				if singles == limit {
					continue
				}
				singles++
			}
			keys = append(keys, r.key)
		}
	}
	hits, err := st.Hits(ctx, keys)
	if err != nil {
		storeFailed(ctx, opSearch, "", err)
	}
	return hits
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
		s.score += saturated(t.idf, int64(n))
		held = append(held, t.stem)
		s.matched = append(s.matched, t.words...)
	}
	s.score = roundScore(s.score)
	s.span = score(h.Body, held).span
	return s
}

// saturated is a stem's share of a score: its idf times its count n,
// saturated.
func saturated(idf float64, n int64) float64 {
	f := float64(n)
	return idf * f * (bm25K1 + 1) / (f + bm25K1)
}

// roundScore rounds a score to four decimals.
func roundScore(s float64) float64 { return math.Round(s*1e4) / 1e4 }

// newerFirst is the search order: newest first by time, ties by session
// then seq, both descending.
func newerFirst(a, b store.Hit) int { return store.SearchOrder(a, b) }
