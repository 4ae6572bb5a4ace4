package storetest

import (
	"bytes"
	"context"
	"github.com/nodelisp/nodelisp/event"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/jsonl"
)

// echoLog appends, as a REPL does, a turn whose cell called recall (input,
// call and result in three appends), an ordinary turn, and a turn whose
// input and call go in one batch; it returns the seqs of the events by
// name.
func echoLog(t *testing.T, s store.Store) map[string]int64 {
	t.Helper()
	seqs := map[string]int64{}
	one := func(name string, e store.NewEvent) {
		seqs[name] = mustAppend(t, s, "e", e)[0].Seq
	}
	mustSession(t, s, "e", "echoes")
	one("recall input", store.NewEvent{Kind: event.KindInput, Payload: text(t, `(recall-search "deploy")`)})
	one("recall call", store.NewEvent{Kind: event.KindToolCall, Turn: seqs["recall input"],
		Payload: payload(t, map[string]any{"code": `(recall-search "deploy")`, "note": nil})})
	one("recall result", store.NewEvent{Kind: event.KindToolResult, Turn: seqs["recall input"],
		Payload: payload(t, map[string]any{"call": seqs["recall call"], "text": "deploy found", "recall": true})})
	one("input", store.NewEvent{Kind: event.KindInput, Payload: text(t, "deploy to staging, please")})
	one("call", store.NewEvent{Kind: event.KindToolCall, Turn: seqs["input"],
		Payload: payload(t, map[string]any{"code": `(deploy "staging")`, "note": nil})})
	one("result", store.NewEvent{Kind: event.KindToolResult, Turn: seqs["input"],
		Payload: payload(t, map[string]any{"call": seqs["call"], "text": "deployed staging", "recall": false})})
	batch := mustAppend(t, s, "e",
		store.NewEvent{Kind: event.KindInput, Payload: text(t, `(deploy "prod")`)},
		store.NewEvent{Kind: event.KindToolCall, Payload: payload(t, map[string]any{"code": `(deploy "prod")`, "note": nil})})
	seqs["batch input"], seqs["batch call"] = batch[0].Seq, batch[1].Seq
	return seqs
}

// testEchoFlags: reads that skip echoes leave out a recall cell's call
// and result; reads that skip repeats leave out inputs their turn's call
// repeats, whether appended with it or before; counts follow the same
// filters; an export and import derives the same flags again.
func testEchoFlags(t *testing.T, h *harness) {
	ctx := context.Background()
	src := h.newStore(t)
	seqs := echoLog(t, src)
	dst := h.newStore(t)
	var buf bytes.Buffer
	if _, err := jsonl.Export(ctx, src, &buf, jsonl.ExportOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := jsonl.Import(ctx, dst, &buf, jsonl.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	names := func(evs []store.Event) []string {
		by := map[int64]string{}
		for n, s := range seqs {
			by[s] = n
		}
		var out []string
		for _, e := range evs {
			out = append(out, by[e.Seq])
		}
		return out
	}
	for _, s := range []struct {
		name string
		st   store.Store
	}{{"appended", src}, {"imported", dst}} {
		for _, c := range []struct {
			q    store.Query
			want []string
		}{
			{store.Query{}, []string{"recall input", "recall call", "recall result", "input", "call", "result", "batch input", "batch call"}},
			{store.Query{SkipEchoes: true}, []string{"recall input", "input", "call", "result", "batch input", "batch call"}},
			{store.Query{SkipRepeats: true}, []string{"recall call", "recall result", "input", "call", "result", "batch call"}},
			{store.Query{SkipEchoes: true, SkipRepeats: true, Match: "deploy"}, []string{"input", "call", "result", "batch call"}},
			{store.Query{SkipEchoes: true, Kinds: []string{event.KindToolCall}, Match: "deploy"}, []string{"call", "batch call"}},
		} {
			c.q.Session = "e"
			r, err := s.st.Scan(ctx, c.q)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, names(r.Events)); diff != "" {
				t.Errorf("%s: Scan %+v (-want +got):\n%s", s.name, c.q, diff)
			}
			c.q.Limit, c.q.Newest, c.q.Count = 1, true, true
			r, err = s.st.Scan(ctx, c.q)
			if err != nil || r.Matched != int64(len(c.want)) {
				t.Errorf("%s: Scan %+v matched %d (%v), want %d", s.name, c.q, r.Matched, err, len(c.want))
			}
		}
		for _, c := range []struct {
			q    store.SearchQuery
			want int
		}{
			{store.SearchQuery{Words: []string{"deploy"}}, 8},
			{store.SearchQuery{Words: []string{"deploy"}, SkipEchoes: true}, 6},
			{store.SearchQuery{Words: []string{"deploy"}, SkipEchoes: true, SkipRepeats: true}, 4},
			{store.SearchQuery{Words: []string{"deploy"}, SkipEchoes: true, SkipRepeats: true, Limit: 2}, 2},
		} {
			hits, err := s.st.Search(ctx, c.q)
			if err != nil || len(hits) != c.want {
				t.Errorf("%s: Search %+v: %d hits (%v), want %d", s.name, c.q, len(hits), err, c.want)
			}
			for _, h := range hits {
				if c.q.SkipEchoes && (h.Seq == seqs["recall call"] || h.Seq == seqs["recall result"]) {
					t.Errorf("%s: Search %+v found the echo at seq %d", s.name, c.q, h.Seq)
				}
			}
		}
	}
}
