package recall

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/store"
)

// relevanceTexts are the golden events, seqs 1 to 12 of one session.
var relevanceTexts = []string{
	"We went hiking in the mountains last June",                   // 1
	"the deploy script failed on staging",                         // 2
	"I feel confident about the new job",                          // 3
	"Her confidence grew after the talk",                          // 4
	"A hike by the lake, then a picnic",                           // 5
	"deploy deploy deploy: the script again",                      // 6
	"pottery class on Saturday",                                   // 7
	"The mountains were cold; we hiked anyway and the lake froze", // 8
	"nothing to see here",                                         // 9
	"script review tomorrow",                                      // 10
	"She painted a sunset over the lake",                          // 11
	"staging deploy passed",                                       // 12
}

// TestRelevanceGolden pins the order :rank :relevance gives a dozen
// hand-written events, the same on both backends: rarer words weigh
// more, a word held often saturates, any one word qualifies a row, a
// stem finds other forms, and ties go to the tighter span, then the newer.
func TestRelevanceGolden(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		if _, err := st.CreateSession(ctx, "g", "golden"); err != nil {
			t.Fatal(err)
		}
		for _, text := range relevanceTexts {
			p, _ := json.Marshal(map[string]string{"text": text})
			if _, err := st.Append(ctx, "g", []store.NewEvent{{Kind: event.KindAnswer, Turn: 1, Payload: p}}); err != nil {
				t.Fatal(err)
			}
		}
		im := newImage(st, "g")
		for _, c := range []struct{ query, want string }{
			// Every row with lake; hiked and hike are forms of hiking; 8
			// holds all three stems and comes first.
			{"hiking lake mountains", "(8 1 5 11)"},
			// Stems: confident finds confidence.
			{"confident", "(4 3)"},
			// deploy in 3 rows, script in 3, staging in 2: the rarer
			// staging lifts 2 and 12; 6 says deploy three times.
			{"deploy script staging", "(2 6 12 10)"},
			// Nothing matches: no rows, no error.
			{"zebra", "nil"},
		} {
			got := im.eval(t, `(mapcar (lambda (r) (getf r :seq)) (recall-search "`+c.query+`" :rank :relevance :echoes t))`)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s: seqs (-want +got):\n%s", c.query, diff)
			}
		}
		// 5 and 8 both hold hik and lake once: the tighter span wins.
		// The score is idf with N the store's 12 events (not a cap of
		// the reads): 2 × ln(1 + (12 - 3 + 0.5)/(3 + 0.5)) = 2.6244.
		got := im.eval(t, `(let ((r (first (recall-search "Hiking LAKE" :rank :relevance :window 30)))) (list (getf r :seq) (getf r :score) (getf r :matched-words) (getf r :text)))`)
		if want := `(5 2.6244 ("Hiking" "LAKE") "A hike by the lake, then a pic")`; got != want {
			t.Errorf("row of a relevance search:\n got %s\nwant %s", got, want)
		}
	})
}
