package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

// testSearchCounted checks SearchQuery.Count and Hits, the two steps of
// recall's relevance search: a counted search returns the hits the same
// search returns whole, in the same order, with Counts as CountWords
// gives them over the bodies and no text; Hits reads them back whole.
// Enough filler follows the words that a search with a small limit looks
// past the newest events (the index or a longer walk), not only at them.
func testSearchCounted(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "a", "alpha")
	mustSession(t, s, "b", "beta")
	mustAppend(t, s, "a",
		store.NewEvent{Kind: "input", Payload: text(t, "Deploy the deploy script, DEPLOY!")},
		store.NewEvent{Kind: "input", Payload: text(t, "deploydeploy café CAFÉ aaa")},
		store.NewEvent{Kind: "assistant answer", Payload: text(t, "script only")},
	)
	var filler []store.NewEvent
	for i := range 700 {
		filler = append(filler, store.NewEvent{Kind: "input", Payload: text(t, fmt.Sprintf("filler %d of the log", i))})
	}
	mustAppend(t, s, "b", filler...)
	mustAppend(t, s, "b", store.NewEvent{Kind: "input", Payload: text(t, "the newest deploy")})

	count := []string{"deploy", "SCRIPT", "café", "aa", "absent"}
	for _, q := range []store.SearchQuery{
		{Words: []string{"deploy"}},
		{Words: []string{"deploy"}, Limit: 2},
		{Words: []string{"script"}, Limit: 1},
		{Words: []string{"deploy", "script"}, Limit: 5},
		{Words: []string{"café"}, Limit: 3},
		{Words: []string{"deploy", "lunch"}, Any: true, Limit: 10},
		{Words: []string{"filler"}, Limit: 4, Kinds: []string{"input"}},
	} {
		t.Run(fmt.Sprint(q.Words, q.Limit), func(t *testing.T) {
			whole, err := s.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			cq := q
			cq.Count = count
			counted, err := s.Search(ctx, cq)
			if err != nil {
				t.Fatal(err)
			}
			var want []store.Hit
			var keys []store.HitKey
			for _, h := range whole {
				want = append(want, store.Hit{Session: h.Session, Seq: h.Seq, At: h.At, Kind: h.Kind, Counts: store.CountWords(h.Body, count)})
				keys = append(keys, store.HitKey{Session: h.Session, Seq: h.Seq})
			}
			if diff := cmp.Diff(want, counted); diff != "" {
				t.Errorf("counted search differs from the whole one's rows and counts (-want +got):\n%s", diff)
			}
			// Hits: any order, a repeat and a key naming no event.
			slices.Reverse(keys)
			keys = append(keys, store.HitKey{Session: "a", Seq: 99}, store.HitKey{Session: "zz", Seq: 1})
			if len(keys) > 2 {
				keys = append(keys, keys[0])
			}
			got, err := s.Hits(ctx, keys)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(whole, got); diff != "" {
				t.Errorf("Hits differs from the search's rows (-want +got):\n%s", diff)
			}
		})
	}
	// The counts themselves, on the first event, for a reader of this test.
	hits, err := s.Search(ctx, store.SearchQuery{Words: []string{"deploy the"}, Count: count})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 1 || !slices.Equal(hits[0].Counts, []int64{3, 1, 0, 0, 0}) {
		t.Errorf("counts of %q: got %+v, want one hit with [3 1 0 0 0]", count, hits)
	}
	if _, err := s.Search(ctx, store.SearchQuery{Words: []string{"deploy"}, Count: []string{""}}); err == nil {
		t.Error("an empty word to count was accepted")
	}
}
