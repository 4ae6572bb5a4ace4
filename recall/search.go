package recall

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/unpack"
)

// Defaults of recall-search.
const (
	searchLimit  = 60
	searchWindow = 220
	searchLead   = 32
)

// search is recall-search: events of every session whose body holds every
// word of the query, newest first, each as (:session-id :title :seq
// :text). The store finds and orders them; this shapes the snippet.
func (r *recaller) search(ctx context.Context, args []lisp.Value) (lisp.Value, error) {
	var (
		query         string
		kinds                  = newKinds(opSearch)
		limit, window positive = searchLimit, searchWindow
		lead          natural  = searchLead
		echoes        bool
		order         rankArg
		since, until  timeArg
	)
	unpack.Form(opSearch, args, "query", &query, "&key", "kinds", kinds, "limit", &limit, "window", &window,
		"lead", &lead, "echoes", &echoes, "rank", &order, "since", &since, "until", &until)
	q := store.SearchQuery{Words: words(query), Kinds: kinds.kinds, Limit: count(limit)}
	if len(q.Words) == 0 {
		lisp.Errorf("%s: empty query", opSearch)
	}
	b := r.resolve(ctx, opSearch, r.session, since, until)
	q.Since, q.Until = b.since, b.until

	x := echoesArg(ctx, echoes)
	st := r.store(ctx, opSearch)
	if order == rankRelevance {
		return relevantRows(ctx, x, st, q, count(limit), count(window), int(min(int64(lead), maxCount))), nil
	}
	if order == rankBest {
		q.Limit = max(q.Limit, rankPool)
	}
	hits, err := x.search(ctx, st, q)
	if err != nil {
		storeFailed(ctx, opSearch, "", err)
	}
	if order == rankBest {
		rank(hits, q.Words)
		hits = hits[:min(len(hits), count(limit))]
	}
	var out lisp.ListBuilder
	for _, h := range hits {
		out.Add(lisp.List(append([]lisp.Value{
			kwSessionID, lisp.NewString(h.Session),
			kwTitle, lisp.NewString(h.Title),
			kwSeq, lisp.MakeInt(h.Seq),
			kwText, lisp.NewString(snippet(h.Body, q.Words, count(window), int(min(int64(lead), maxCount)))),
		}, sourcePair(h.Source)...)...))
	}
	return out.List(), nil
}

// words splits a query on runs of spaces.
func words(query string) []string {
	var out []string
	for _, w := range strings.Split(query, " ") {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// snippet is window characters of body starting lead characters before
// the earliest match of any word (clamped at the start of the body).
func snippet(body string, words []string, window, lead int) string {
	// Folding only ASCII letters keeps every byte offset of the folded
	// text valid in the original.
	folded := store.LowerASCII(body)
	first := len(body)
	for _, w := range words {
		if i := strings.Index(folded, store.LowerASCII(w)); i >= 0 && i < first {
			first = i
		}
	}
	if first == len(body) {
		first = 0 // the store found it; cannot happen, but show the start
	}
	start := runeStart(body, first, lead)
	end := start
	for n := 0; n < window && end < len(body); n++ {
		_, size := utf8.DecodeRuneInString(body[end:])
		end += size
	}
	return body[start:end]
}

// runeStart steps back n characters from byte offset i, stopping at the
// start of s.
func runeStart(s string, i, n int) int {
	for ; n > 0 && i > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return i
}
