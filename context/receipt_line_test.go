package ctxfile

import "testing"

// A receipt's headline and the refusal beside it are its first two lines'
// words, taken from the receipt itself: what a front end shows in one line
// (nodelisp's REPL: "context edit: HEADLINE: WHY").
func TestReceiptHeadlineAndWhy(t *testing.T) {
	cases := []struct {
		name          string
		rc            Receipt
		headline, why string
	}{
		{"taken from the file", Receipt{Nonce: "ab12", EditSeq: 9, Kept: []string{"1"}, Dropped: []string{"4"}},
			"context ab12 · taken as context edit seq 9", ""},
		{"refused", Receipt{FromFile: true, Refused: &Refusal{Reason: ReasonStale, Detail: "settled already"}},
			"the edited context file · refused", (&Refusal{Reason: ReasonStale, Detail: "settled already"}).Error()},
		{"a call with nothing to change", Receipt{}, "the (context …) call · nothing to change", ""},
		{"a call that changes nothing, and a refused file edit",
			Receipt{EditSeq: 3, Remarks: []string{"refused: the edited file of context ab12: stale: the call wins"}},
			"the (context …) call · taken as context edit seq 3", "the edited file of context ab12: stale: the call wins"},
		{"a call that dropped, and a refused file edit",
			Receipt{EditSeq: 3, Dropped: []string{"4"}, Remarks: []string{"refused: the edited file: stale"}},
			"the (context …) call · taken as context edit seq 3", ""},
	}
	for _, c := range cases {
		rc := c.rc
		if got := rc.Headline(); got != c.headline {
			t.Errorf("%s: headline %q, want %q", c.name, got, c.headline)
		}
		if got := rc.Why(); got != c.why {
			t.Errorf("%s: why %q, want %q", c.name, got, c.why)
		}
		if text := rc.Text(); text[:len(";; receipt · "+c.headline)] != ";; receipt · "+c.headline {
			t.Errorf("%s: text does not open with its headline:\n%s", c.name, text)
		}
	}
}
