package evict

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBarPlain(t *testing.T) {
	u := Usage{Budget: 200_000, Source: SourceModelsDev, System: 10_000, Stub: 4_000, Finished: 80_000, Running: 30_000, Notes: 1_000}
	got := Bar(u, 40, false)
	want := "[##%===============++++++~.........|.....] 62% of 200,000 tokens (models.dev cache)\n" +
		"# system 10,000  % stub 4,000  = finished 80,000  + running 30,000  ~ notes 1,000  . free 75,000"
	if got != want {
		t.Errorf("Bar\n got %q\nwant %q", got, want)
	}
}

func TestBarShapes(t *testing.T) {
	tests := []struct {
		name    string
		u       Usage
		caption string
	}{
		{"over the budget", Usage{Budget: 1000, Source: SourceCeiling, Finished: 900, Running: 300}, "120% of 1,000 tokens (ceiling), over the budget"},
		{"unknown budget", Usage{Source: SourceUnknown, Running: 1234}, "1,234 tokens, budget unknown"},
		{"empty unknown", Usage{Source: SourceUnknown}, "0 tokens, budget unknown"},
		{"tiny parts still show", Usage{Budget: 1_000_000, Source: SourceEnv, System: 1, Warning: 1, Running: 1}, "0% of 1,000,000 tokens (NODECODE_CONTEXT_TOKENS)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, width := range []int{3, 10, 33, 80} {
				got := Bar(tt.u, width, false)
				line, _, _ := strings.Cut(got, "\n")
				inner := line[1:strings.Index(line, "]")]
				if n := utf8.RuneCountInString(inner); n != max(width, 10) {
					t.Errorf("width %d: bar of %d cells: %q", width, n, line)
				}
				if !strings.HasSuffix(line, "] "+tt.caption) {
					t.Errorf("caption of %q, want %q", line, tt.caption)
				}
				for _, s := range tt.u.segments() {
					if s.tokens > 0 && !strings.Contains(inner, s.glyph) {
						t.Errorf("width %d: %s (%d tokens) has no cell: %q", width, s.name, s.tokens, inner)
					}
				}
			}
		})
	}
}

func TestBarColour(t *testing.T) {
	u := Usage{Budget: 1000, Source: SourceEnv, System: 100, Running: 200}
	got := Bar(u, 10, true)
	if !strings.Contains(got, "\x1b[34m█") || !strings.Contains(got, ansiReset) {
		t.Errorf("no colours in %q", got)
	}
	if strings.Contains(Bar(u, 10, false), "\x1b[") {
		t.Error("colour codes without colour")
	}
}

func TestReport(t *testing.T) {
	u := Usage{Budget: 20_000, Source: SourceConfig, System: 500, Finished: 9_000, Running: 4_000, Boundary: 1184, Warned: true}
	lines := strings.Split(Report(u, 20, false), "\n")
	if len(lines) != 4 {
		t.Fatalf("Report has %d lines: %q", len(lines), lines)
	}
	if want := "thresholds: warn over 17,000 (85%), evict down to 10,000 (50%); warned: yes"; lines[2] != want {
		t.Errorf("thresholds line %q, want %q", lines[2], want)
	}
	if want := "boundary: seq 1184 (turns with input seq ≤ 1184 are evicted)"; lines[3] != want {
		t.Errorf("boundary line %q, want %q", lines[3], want)
	}
	none := strings.Split(Report(Usage{Source: SourceUnknown}, 20, false), "\n")
	if none[2] != "thresholds: none: with the budget unknown nothing is evicted ahead of time" || none[3] != "boundary: none (nothing evicted)" {
		t.Errorf("unknown budget report: %q", none)
	}
}

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 200000: "200,000", 1047576: "1,047,576", -1234: "-1,234"} {
		if got := Grouped(n); got != want {
			t.Errorf("Grouped(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestEstimate(t *testing.T) {
	for text, want := range map[string]int{"": 4, "a": 5, "abcd": 5, "abcde": 6, "日本": 6, strings.Repeat("x", 400): 104} {
		if got := Estimate(text); got != want {
			t.Errorf("Estimate(%q) = %d, want %d", text, got, want)
		}
	}
}

func TestWarning(t *testing.T) {
	got := Warning(17_500, 20_000)
	want := "[context at 87% of the budget: at the next request still over 85%, the oldest turns leave the window, " +
		"whole, until it is down to 50%. They stay in the log word for word, and the stub left in their place keeps " +
		"the ;; first line of every evicted cell. Open each cell with a ;; line saying what it does and what you learned, " +
		"so your notes survive.]"
	if got != want {
		t.Errorf("Warning\n got %q\nwant %q", got, want)
	}
	if strings.Contains(got, "\n") {
		t.Error("the warning is more than one line")
	}
	if Percent(5, 0) != 0 || Percent(851, 1000) != 85 {
		t.Error("Percent")
	}
}

// A provider's report above the parts' estimates is drawn as a part of its
// own, so the bar is as full as its caption says (issue 29: at 86% the bar
// showed one cell full and 2,594 tokens were in no part).
func TestBarReportedBeyondEstimates(t *testing.T) {
	u := Usage{Budget: 20_000, Source: SourceEnv, System: 406, Finished: 14_200, Reported: 17_200}
	got := Bar(u, 50, false)
	line, legendLine, _ := strings.Cut(got, "\n")
	if !strings.HasSuffix(line, "] 86% of 20,000 tokens (NODECODE_CONTEXT_TOKENS)") {
		t.Errorf("caption: %q", line)
	}
	inner := line[1:strings.Index(line, "]")]
	filled := 50 - strings.Count(inner, ".") - strings.Count(inner, "|")
	if filled != 43 { // 86% of 50 cells
		t.Errorf("%d of 50 cells filled, want 43: %q", filled, inner)
	}
	if !strings.Contains(legendLine, "? reported 2,594") || !strings.Contains(legendLine, ". free 2,800") {
		t.Errorf("legend %q lacks the reported part or the free figure", legendLine)
	}
}
