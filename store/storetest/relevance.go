package storetest

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/interp"
	"github.com/nodelisp/nodelisp/lisp"
	"github.com/nodelisp/nodelisp/recall"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/gen"
)

// relevanceQueries are the :rank :relevance searches testRelevance runs:
// a rare word, rare and common together, common pairs, a question, a
// word in every event, non-ASCII words, and kinds and time bounds.
var relevanceQueries = []string{
	`"xylophone"`,
	`"xylophone deploy"`,
	`"deploy script"`,
	`"why did the deploy script fail on staging"`,
	`"retrying timeouts"`,
	`"e"`,
	`"café straße"`,
	`"deploy lineage" :kinds :input`,
	`"eviction budget" :since "2026-11-30T10:00:01" :until "2026-11-30T10:00:02"`,
}

// testRelevance runs recall's relevance searches over a generated store
// of 1,500 events (more than the tally samples, so the bounded reads run)
// and compares every row — session, seq, score, matched words, in order —
// with testdata/relevance.out, which every backend must match, so they
// match each other. NODELISP_UPDATE_RELEVANCE=1 rewrites the file from
// the backend under test, for review.
func testRelevance(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	logs := gen.Logs(gen.Config{Sessions: 3, Events: 500, RareWord: "xylophone", RareEvery: 97, Seed: 31,
		Start: time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)})
	if err := s.Import(ctx, logs, nil); err != nil {
		t.Fatal(err)
	}
	it := interp.New(interp.Options{})
	recall.Install(it, s, "")
	var got strings.Builder
	for _, q := range relevanceQueries {
		src := `(with-output-to-string (*standard-output*)
			(dolist (r (recall-search ` + q + ` :rank :relevance :limit 12))
			  (format t "~a ~a ~a ~s~%" (getf r :session-id) (getf r :seq) (getf r :score) (getf r :matched-words))))`
		r, err := it.Eval(ctx, src)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		got.WriteString("== " + q + "\n")
		out, ok := r.Value.(*lisp.String)
		if !ok {
			t.Fatalf("%s: not a string: %s", q, r.Printed)
		}
		got.WriteString(out.S)
	}
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "testdata", "relevance.out")
	if os.Getenv("NODELISP_UPDATE_RELEVANCE") == "1" {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got.String(), "\n")); diff != "" {
		t.Errorf("relevance rows differ from testdata/relevance.out (-want +got):\n%s", diff)
	}
}

// testSearchAny checks SearchQuery.Any: rows holding any of the words, in
// search order, with the kinds and the limit applied.
func testSearchAny(t *testing.T, h *harness) {
	ctx := context.Background()
	s := h.newStore(t)
	mustSession(t, s, "a", "alpha")
	mustAppend(t, s, "a",
		store.NewEvent{Kind: "input", Payload: text(t, "deploy the script")},
		store.NewEvent{Kind: "assistant answer", Payload: text(t, "Lunch")},
		store.NewEvent{Kind: "input", Payload: text(t, "nothing here")},
		store.NewEvent{Kind: "input", Payload: text(t, "SCRIPT again")},
	)
	seqs := func(q store.SearchQuery) []int64 {
		t.Helper()
		hits, err := s.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, h := range hits {
			out = append(out, h.Seq)
		}
		return out
	}
	for _, c := range []struct {
		q    store.SearchQuery
		want []int64
	}{
		{store.SearchQuery{Words: []string{"script", "lunch"}, Any: true}, []int64{4, 2, 1}},
		{store.SearchQuery{Words: []string{"script", "lunch"}}, nil},
		{store.SearchQuery{Words: []string{"script", "lunch"}, Any: true, Limit: 2}, []int64{4, 2}},
		{store.SearchQuery{Words: []string{"script", "lunch"}, Any: true, Kinds: []string{"input"}}, []int64{4, 1}},
		{store.SearchQuery{Words: []string{"deploy", "zebra"}, Any: true}, []int64{1}},
	} {
		if diff := cmp.Diff(c.want, seqs(c.q)); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", c.q, diff)
		}
	}
}
