package recall

import "testing"

// TestStem pins the query-side stem rule of docs/recall.md.
func TestStem(t *testing.T) {
	for word, want := range map[string]string{
		"hiking": "hik", "hike": "hik", "hiked": "hik", "Hikes": "hik",
		"confident": "confid", "confidence": "confid", "DEPLOYED": "deploy",
		"running": "run", "class": "class", "status": "status", "cats": "cat",
		"is": "is", "the": "the", "sing": "sing", // too short to cut
		// Not only ASCII letters: lowered, never cut.
		"café": "café", "cafés": "cafés", "ÉCOLES": "\u00c9coles", "deploy2": "deploy2", "x-ray": "x-ray",
	} {
		if got := stem(word); got != want {
			t.Errorf("stem(%q) = %q, want %q", word, got, want)
		}
	}
}
