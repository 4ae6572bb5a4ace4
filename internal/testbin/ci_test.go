package testbin

import "testing"

// TestUnderCI: every non-empty CI value means CI, not only "true" (GitLab
// sets "true", others "1" or a name); a would-be skip must fail there.
func TestUnderCI(t *testing.T) {
	for v, want := range map[string]bool{"": false, "true": true, "1": true, "yes": true, "woodpecker": true} {
		t.Setenv("CI", v)
		if got := UnderCI(); got != want {
			t.Errorf("CI=%q: UnderCI %v, want %v", v, got, want)
		}
	}
}
