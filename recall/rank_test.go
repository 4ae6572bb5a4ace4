package recall

import (
	"context"
	"encoding/json"
	"github.com/nodelisp/nodelisp/event"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/store"
)

// TestRankBest: :rank :best puts the rows whose words are closest
// together first, then those holding them more often, then the newer;
// without it, or with :rank :newest, the newest come first.
func TestRankBest(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		if _, err := st.CreateSession(ctx, "r", "ranking"); err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{
			"we chose to deploy with a blue green switch after the canary", // 2: span 53
			"deploy canary", // 3: span 13
			"deploy first; " + strings.Repeat("then wait. ", 30) + "canary later", // 4: far apart
			"Deploy canary, deploy the canary, deploy",                            // 5: span 13, five words
			"only the deploy word here",                                           // 6: not a hit
		} {
			p, _ := json.Marshal(map[string]string{"text": text})
			if _, err := st.Append(ctx, "r", []store.NewEvent{{Kind: event.KindAnswer, Turn: 1, Payload: p}}); err != nil {
				t.Fatal(err)
			}
		}
		im := newImage(st, "r")
		seqs := func(src string) []string {
			t.Helper()
			var out []string
			for _, f := range strings.Split(im.eval(t, src), ":seq ")[1:] {
				out = append(out, strings.Fields(f)[0])
			}
			return out
		}
		for _, c := range []struct {
			src  string
			want []string
		}{
			{`(recall-search "deploy canary")`, []string{"4", "3", "2", "1"}},
			{`(recall-search "deploy canary" :rank :newest)`, []string{"4", "3", "2", "1"}},
			{`(recall-search "deploy canary" :rank :best)`, []string{"4", "2", "1", "3"}},
			{`(recall-search "canary deploy" :rank :best :limit 2)`, []string{"4", "2"}},
			{`(recall-search "deploy" :rank :best :limit 3)`, []string{"4", "5", "3"}},
		} {
			if diff := cmp.Diff(c.want, seqs(c.src)); diff != "" {
				t.Errorf("%s: seqs (-want +got):\n%s", c.src, diff)
			}
		}
		c := im.fails(t, `(recall-search "deploy" :rank :worst)`)
		if c.Message != "recall-search: :rank must be :newest or :best, got :worst" {
			t.Errorf("bad :rank: %q", c.Message)
		}
	})
}

func TestScore(t *testing.T) {
	for _, c := range []struct {
		body  string
		words []string
		want  match
	}{
		{"a deploy b canary", []string{"deploy", "canary"}, match{span: 15, count: 2}},
		{"canary deploy, deploy canary", []string{"deploy", "canary"}, match{span: 13, count: 4}},
		{"DEPLOY", []string{"deploy"}, match{span: 6, count: 1}},
		{"aaa", []string{"aa"}, match{span: 2, count: 2}},
	} {
		if got := score(c.body, c.words); got != c.want {
			t.Errorf("score(%q, %q) = %+v, want %+v", c.body, c.words, got, c.want)
		}
	}
}
