package view

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// render writes a diff as unified-diff lines, for comparing.
func renderDiff(lines []diffLine) []string {
	var out []string
	for _, l := range lines {
		out = append(out, l.Op+l.Text)
	}
	return out
}

func TestDiffLines(t *testing.T) {
	for _, c := range []struct {
		name, before, after string
		want                []string
	}{
		{"same", "a\nb\n", "a\nb\n", []string{" a", " b"}},
		{"created", "", "a\nb\n", []string{"+a", "+b"}},
		{"deleted", "a\n", "", []string{"-a"}},
		{"insert in the middle", "a\nc\n", "a\nb\nc\n", []string{" a", "+b", " c"}},
		{"replace a line", "a\nb\nc\n", "a\nB\nc\n", []string{" a", "-b", "+B", " c"}},
		{"move a line", "a\nb\nc\n", "b\nc\na\n", []string{"-a", " b", " c", "+a"}},
		{"no final newline", "a\nb", "a\nb\nc", []string{" a", " b", "+c"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := renderDiff(diffLines(splitLines(c.before), splitLines(c.after)))
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// Past maxEdits differing lines the diff gives up on the middle and
// replaces it whole, still every line of both texts in order.
func TestDiffGivesUpPastMaxEdits(t *testing.T) {
	var a, b []string
	for i := 0; i < maxEdits+10; i++ {
		a = append(a, "a"+strings.Repeat("x", i%7)+string(rune('a'+i%26)))
		b = append(b, "b"+string(rune('a'+i%26)))
	}
	got := diffLines(a, b)
	if len(got) != len(a)+len(b) || got[0].Op != "-" || got[len(got)-1].Op != "+" {
		t.Fatalf("%d lines, first %q, last %q", len(got), got[0].Op, got[len(got)-1].Op)
	}
}

// Hunks keep three lines of context either side and number both sides.
func TestHunks(t *testing.T) {
	var before, after []string
	for i := 1; i <= 20; i++ {
		before = append(before, string(rune('a'+i)))
		after = append(after, string(rune('a'+i)))
	}
	after[9] = "changed"
	h := hunks(diffLines(before, after), diffContext)
	if len(h) != 1 || h[0].OldStart != 7 || h[0].NewStart != 7 || len(h[0].Lines) != 8 {
		t.Fatalf("hunks %+v", h)
	}
}
