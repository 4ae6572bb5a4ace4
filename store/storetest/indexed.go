package storetest

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

// indexedTexts are rare bodies, placed before the newest rows so that only
// a trigram index finds them: quotes (which an FTS5 query string must
// double), backslashes, non-ASCII letters in both cases, punctuation that
// pg_trgm takes for word breaks, and words split over several runs.
var indexedTexts = []string{
	`she said "quokka" twice`,
	`path c:\zeppelin\logs`,
	"ÉCOLE Zeppelin",
	"école zeppelin",
	`{"limit":97,"zeppelin":true}`,
	"ZEPPELIN and QUOKKA together",
	"quokka alone",
}

// testIndexedFilters checks that reads through the trigram indexes, which
// look up only some trigrams of a pattern and test the rest, return
// exactly what store.Contains says, for :match patterns and search words.
func testIndexedFilters(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "x", "indexed")
	const n = 2000
	bodies := map[int64]string{}
	var raws = map[int64]string{}
	for start := int64(1); start <= n; start += 500 {
		var batch []store.NewEvent
		for seq := start; seq < start+500; seq++ {
			body := fmt.Sprintf("event %d lines of filler text", seq)
			if i := seq - 100; i >= 0 && i < int64(len(indexedTexts)) {
				body = indexedTexts[i]
			}
			p := text(t, body)
			bodies[seq], raws[seq] = body, string(p)
			batch = append(batch, store.NewEvent{Kind: event.KindInput, Payload: p})
		}
		mustAppend(t, s, "x", batch...)
	}
	want := func(texts map[int64]string, pats ...string) []int64 {
		got := []int64{}
		for seq := int64(1); seq <= n; seq++ {
			all := true
			for _, p := range pats {
				all = all && store.Contains(texts[seq], p)
			}
			if all {
				got = append(got, seq)
			}
		}
		return got
	}
	for _, p := range []string{`\\"quokka\\"`, `c:\\\\zeppelin`, "ÉCOLE", "école", "zeppelin", `"limit":97,`, "zep%kka", "quo_ka", `\\"zeppelin\\":true`} {
		r := mustScan(t, s, store.Query{Session: "x", Match: p, Limit: 20, Newest: true, Count: true})
		if diff := cmp.Diff(want(raws, p), seqs(r.Events)); diff != "" || r.More {
			t.Errorf("match %q: more %v; rows (-want +got):\n%s", p, r.More, diff)
		}
	}
	for _, q := range []string{`"quokka"`, `c:\zeppelin`, "ÉCOLE", "école", "zeppelin quokka", `"limit":97`, "QUOKKA zeppelin"} {
		words := strings.Fields(q)
		var pats []string
		for _, w := range words {
			pats = append(pats, store.EscapeLike(w))
		}
		for _, limit := range []int{0, 10} {
			hits, err := s.Search(ctx, store.SearchQuery{Words: words, Limit: limit})
			if err != nil {
				t.Fatal(err)
			}
			got := []int64{}
			for i := len(hits) - 1; i >= 0; i-- {
				got = append(got, hits[i].Seq)
			}
			if diff := cmp.Diff(want(bodies, pats...), got); diff != "" {
				t.Errorf("search %q limit %d (-want +got):\n%s", q, limit, diff)
			}
		}
	}
}
