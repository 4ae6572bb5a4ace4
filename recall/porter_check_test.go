package recall

import "testing"

// The benchmark's stemmer on the examples of Porter's paper.
func TestPorter(t *testing.T) {
	for w, want := range map[string]string{
		"caresses": "caress", "ponies": "poni", "cats": "cat", "feed": "feed", "agreed": "agre",
		"plastered": "plaster", "motoring": "motor", "sing": "sing", "conflated": "conflat",
		"hopping": "hop", "falling": "fall", "filing": "file", "happy": "happi",
		"relational": "relat", "conditional": "condit", "hopeful": "hope", "goodness": "good",
		"revival": "reviv", "adoption": "adopt", "controll": "control", "generalizations": "gener",
		"camping": "camp", "painting": "paint", "running": "run", "confidence": "confid", "confident": "confid",
	} {
		if got := porter(w); got != want {
			t.Errorf("porter(%q) = %q, want %q", w, got, want)
		}
	}
}
