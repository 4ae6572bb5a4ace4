package storetest

import (
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

// matchTexts are bodies of the session testMatch searches; raw payloads
// hold them JSON-encoded, so a backslash in them appears doubled.
var matchTexts = []string{
	"DEPLOY the service",
	"redeploy tomorrow",
	"deplox typo",
	"ÉCOLE publique",
	"école primaire",
	"éCOLE mixed",
	"100% done",
	"1000 items",
	"a_b underscore",
	"axb plain",
	`c:\temp path`,
	"Straße groß",
	"STRASSE",
	"日本語のテキスト",
	"ab",
}

func testMatch(t *testing.T, h *harness) {
	s := h.newStore(t)
	mustSession(t, s, "m", "")
	var raws []json.RawMessage
	for _, x := range matchTexts {
		p := text(t, x)
		raws = append(raws, p)
		mustAppend(t, s, "m", store.NewEvent{Kind: event.KindInput, Payload: p})
	}
	cases := []struct {
		pattern string
		want    []int64 // nil: whatever store.Contains says, checked against it anyway
	}{
		{"deploy", []int64{1, 2}},
		{"DePlOy", []int64{1, 2}},
		{"de_lo", []int64{1, 2, 3}},
		{"dep%service", []int64{1}},
		{"é", []int64{5, 6}},
		{"É", []int64{4}},
		{"école", []int64{5, 6}},
		{"ÉCOLE", []int64{4}},
		{`100\%`, []int64{7}},
		{"100%", []int64{7, 8}},
		{`a\_b`, []int64{9}},
		{"a_b", []int64{9, 10}},
		{`c:\\\\temp`, []int64{11}},
		{`\d\e\p\l\o\y`, []int64{1, 2}},
		{"straße", []int64{12}},
		{"strasse", []int64{13}},
		{"語のテ", []int64{14}},
		{"ab", nil},
		{"x", nil},
		{"", nil},
		{"%", nil},
		{"_", nil},
		{`\`, nil},
		{"text", nil},
		{`"text":"ab"`, []int64{15}},
		{"zzz", []int64{}},
	}
	for _, c := range cases {
		var ref []int64
		for i, p := range raws {
			if store.Contains(string(p), c.pattern) {
				ref = append(ref, int64(i+1))
			}
		}
		if ref == nil {
			ref = []int64{}
		}
		if c.want != nil {
			if diff := cmp.Diff(c.want, ref); diff != "" {
				t.Errorf("store.Contains for %q (-want +got):\n%s", c.pattern, diff)
			}
		}
		for _, q := range []store.Query{
			{Session: "m", Match: c.pattern},
			{Session: "m", Match: c.pattern, Limit: 1, Newest: true, Count: true},
			{Session: "m", Match: c.pattern, Limit: 2, Count: true},
		} {
			r := mustScan(t, s, q)
			want := ref
			if q.Limit > 0 && len(ref) > q.Limit {
				if q.Newest {
					want = ref[len(ref)-q.Limit:]
				} else {
					want = ref[:q.Limit]
				}
			}
			name := fmt.Sprintf("match %q limit %d newest %v", c.pattern, q.Limit, q.Newest)
			if diff := cmp.Diff(want, seqs(r.Events)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", name, diff)
			}
			if r.Matched != int64(len(ref)) || r.More != (len(want) < len(ref)) {
				t.Errorf("%s: matched %d more %v, want %d %v", name, r.Matched, r.More, len(ref), len(want) < len(ref))
			}
		}
	}
}

// testMatchBeyondWindow has more events than a newest-first walk reads
// before it turns to the trigram index, and checks that rare and dense
// patterns both come out whole.
func testMatchBeyondWindow(t *testing.T, h *harness) {
	s := h.newStore(t)
	mustSession(t, s, "w", "")
	const n = 6000
	for start := 1; start <= n; start += 500 {
		var batch []store.NewEvent
		for i := start; i < start+500; i++ {
			word := "common"
			if i == 3 || i == n-10 {
				word = "Zebraword"
			}
			batch = append(batch, store.NewEvent{Kind: event.KindToolResult,
				Payload: text(t, fmt.Sprintf("event %d %s %s", i, word, strings.Repeat("filler ", 10)))})
		}
		mustAppend(t, s, "w", batch...)
	}
	r := mustScan(t, s, store.Query{Session: "w", Match: "zebraWORD", Limit: 20, Newest: true, Count: true})
	if diff := cmp.Diff([]int64{3, n - 10}, seqs(r.Events)); diff != "" || r.More || r.Matched != 2 {
		t.Errorf("rare match: more %v matched %d; rows (-want +got):\n%s", r.More, r.Matched, diff)
	}
	r = mustScan(t, s, store.Query{Session: "w", Match: "common", Limit: 20, Newest: true, Count: true})
	if len(r.Events) != 20 || r.Events[19].Seq != n || !r.More || r.Matched != n-2 {
		t.Errorf("dense match: %d rows ending %v, more %v matched %d; want 20 ending %d, true, %d",
			len(r.Events), seqs(r.Events[len(r.Events)-1:]), r.More, r.Matched, n, n-2)
	}
	r = mustScan(t, s, store.Query{Session: "w", Match: "bra_ord", Limit: 1, Count: true})
	if diff := cmp.Diff([]int64{3}, seqs(r.Events)); diff != "" || r.Matched != 2 {
		t.Errorf("oldest first with wildcard: matched %d, rows (-want +got):\n%s", r.Matched, diff)
	}
}
