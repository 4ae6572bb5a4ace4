package evict

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// finished is a finished turn opened at seq input holding tokens.
func finished(input int64, tokens int) Turn {
	return Turn{Input: input, Tokens: tokens, Finished: true}
}

// running is the running turn opened at seq input, with an input of
// inputTokens and rounds of the given sizes, each round three seqs.
func running(input int64, inputTokens int, rounds ...int) Turn {
	t := Turn{Input: input, Tokens: inputTokens}
	seq := input + 1
	for _, n := range rounds {
		t.Rounds = append(t.Rounds, Round{First: seq, Last: seq + 2, Tokens: n})
		t.Tokens += n
		seq += 3
	}
	return t
}

func TestDecide(t *testing.T) {
	// Budget 1000: warn over 850, evict down to 500.
	four := []Turn{finished(1, 200), finished(10, 200), finished(20, 200), running(30, 50, 75, 75)}
	tests := []struct {
		name  string
		state Prior
		req   Request
		want  Decision
	}{
		{"unknown budget never acts", Prior{Warned: true, CeilingRecorded: true},
			Request{Budget: 0, Fixed: 100, Turns: four},
			Decision{Usage: 900, After: 900}},
		{"under 85%", Prior{},
			Request{Budget: 1000, Fixed: 0, Turns: four},
			Decision{Usage: 800, After: 800}},
		{"exactly 85% is not over", Prior{},
			Request{Budget: 1000, Fixed: 50, Turns: four},
			Decision{Usage: 850, After: 850}},
		{"first over 85% warns", Prior{},
			Request{Budget: 1000, Fixed: 51, Turns: four},
			Decision{Warn: true, Usage: 851, After: 851}},
		{"first over 85% warns when the warning fits", Prior{},
			Request{Budget: 1000, Fixed: 100, Warning: 100, Turns: four},
			Decision{Warn: true, Usage: 900, After: 900}},
		{"a warning with no room in the budget is an eviction", Prior{},
			Request{Budget: 1000, Fixed: 100, Warning: 101, Turns: four},
			Decision{Evict: true, Boundary: 10, Usage: 900, After: 500}},
		{"next over 85% evicts to 50%", Prior{Warned: true},
			Request{Budget: 1000, Fixed: 100, Turns: four},
			Decision{Evict: true, Boundary: 10, Usage: 900, After: 500}},
		{"warned but back under 85%", Prior{Warned: true},
			Request{Budget: 1000, Fixed: 0, Turns: four},
			Decision{Usage: 800, After: 800}},
		{"over 100% evicts at once", Prior{},
			Request{Budget: 1000, Fixed: 250, Turns: four},
			Decision{Evict: true, Boundary: 20, Usage: 1050, After: 450}},
		{"first after a ceiling evicts at once", Prior{CeilingRecorded: true},
			Request{Budget: 1000, Fixed: 0, Turns: four},
			Decision{Evict: true, Boundary: 10, Usage: 800, After: 400}},
		{"after a ceiling, already under 50%", Prior{CeilingRecorded: true},
			Request{Budget: 1000, Fixed: 0, Turns: []Turn{finished(1, 100), running(5, 10, 10)}},
			Decision{Usage: 120, After: 120}},
		{"the host's usage figure", Prior{Warned: true},
			Request{Budget: 1000, Fixed: 0, Turns: four, Usage: 870},
			Decision{Evict: true, Boundary: 10, Usage: 870, After: 470}},
		{"sheds running rounds after the finished turns", Prior{},
			Request{Budget: 1000, Fixed: 100, Turns: []Turn{finished(1, 200), running(10, 50, 300, 200, 200, 100)}},
			Decision{Evict: true, Boundary: 1, ShedThrough: 16, Usage: 1150, After: 450}},
		{"never the running input or newest round", Prior{},
			Request{Budget: 1000, Fixed: 100, Turns: []Turn{running(10, 300, 200, 200, 400)}},
			Decision{Evict: true, ShedThrough: 16, Usage: 1200, After: 800}},
		{"running turn alone over the budget", Prior{},
			Request{Budget: 1000, Fixed: 100, Turns: []Turn{finished(1, 50), running(10, 600, 200, 700)}},
			Decision{Evict: true, Boundary: 1, ShedThrough: 13, Usage: 1650, After: 1400, Over: true}},
		{"nothing may go", Prior{},
			Request{Budget: 1000, Fixed: 100, Turns: []Turn{running(10, 600, 700)}},
			Decision{Usage: 1400, After: 1400, Over: true}},
		{"the newest turn stays when none runs", Prior{},
			Request{Budget: 1000, Fixed: 0, Turns: []Turn{finished(1, 400), finished(10, 700)}},
			Decision{Evict: true, Boundary: 1, Usage: 1100, After: 700}},
		{"an unfinished turn stops the boundary", Prior{},
			Request{Budget: 1000, Fixed: 0, Turns: []Turn{finished(1, 400), {Input: 10, Tokens: 400}, running(20, 100, 100, 100)}},
			Decision{Evict: true, Boundary: 1, ShedThrough: 23, Usage: 1100, After: 600}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Decide(tt.state, tt.req)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestDecideSequence walks requests through the warning, the eviction, and
// a new warning cycle, keeping State as a host derives it from the log.
func TestDecideSequence(t *testing.T) {
	var st Prior
	turns := []Turn{finished(1, 300), finished(10, 300), running(20, 100, 100, 100)}
	req := Request{Budget: 1000, Fixed: 50, Turns: turns}

	d := Decide(st, req) // 950: first over 85%
	if !d.Warn || d.Evict {
		t.Fatalf("first request over 85%%: %+v, want a warning only", d)
	}
	st.Warned = true

	d = Decide(st, req) // still 950: evicts
	if d.Warn || !d.Evict || d.Boundary != 10 || d.After > 500 {
		t.Fatalf("second request: %+v, want an eviction through turn 10", d)
	}
	st.Warned = false // an eviction event resets the cycle

	grown := Request{Budget: 1000, Fixed: 50, Turns: []Turn{running(20, 100, 300, 300, 200)}}
	d = Decide(st, grown) // 950 again, the cycle begins anew: a warning first
	if !d.Warn || d.Evict {
		t.Fatalf("after the eviction: %+v, want a new warning", d)
	}
}

func TestManualEvict(t *testing.T) {
	quarters := []Turn{finished(1, 100), finished(10, 100), finished(20, 100), running(30, 50, 50)}
	tests := []struct {
		name    string
		turns   []Turn
		percent int
		want    int64
		err     string
	}{
		{"half", quarters, 50, 10, ""},       // H 400: 100+100 ≤ 200
		{"a quarter", quarters, 25, 1, ""},   // 100 ≤ 100
		{"at least one", quarters, 1, 1, ""}, // 100 > 4, yet one goes
		{"all but the newest", quarters, 100, 20, ""},
		{"the newest stays though finished", []Turn{finished(1, 10), finished(2, 10)}, 100, 1, ""},
		{"big first turn still goes", []Turn{finished(1, 900), finished(10, 10), running(20, 10)}, 10, 1, ""},
		{"only the newest", []Turn{running(1, 10, 10)}, 50, 0, ErrNothingToEvict.Error()},
		{"no turns", nil, 50, 0, ErrNothingToEvict.Error()},
		{"percent out of range", quarters, 0, 0, "/evict: percent must be 1 to 100, got 0"},
		{"percent over 100", quarters, 101, 0, "/evict: percent must be 1 to 100, got 101"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ManualEvict(tt.turns, tt.percent)
			checkErr(t, err, tt.err)
			if got != tt.want {
				t.Errorf("boundary %d, want %d", got, tt.want)
			}
		})
	}
}

func TestEvictThrough(t *testing.T) {
	turns := []Turn{finished(1, 100), finished(10, 100), running(12, 50, 50)}
	tests := []struct {
		name  string
		turns []Turn
		turn  int64
		want  int64
		err   string
	}{
		{"oldest", turns, 1, 1, ""},
		{"up to the running turn", turns, 10, 10, ""},
		{"the running turn", turns, 12, 0, "/evict: turn 12 is the running turn"},
		{"unknown", turns, 99, 0, "/evict: no turn 99 on the path"},
		{"a round's seq is no turn", turns, 13, 0, "/evict: no turn 13 on the path"},
		{"the newest, finished", []Turn{finished(1, 10), finished(5, 10)}, 5, 0,
			"/evict: turn 5 is the newest turn, which always stays"},
		{"past an unfinished turn", []Turn{{Input: 1, Tokens: 10}, finished(5, 10), running(9, 1)}, 5, 0,
			"/evict: turn 5 follows a turn that is not finished"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := EvictThrough(tt.turns, tt.turn)
			checkErr(t, err, tt.err)
			if got != tt.want {
				t.Errorf("boundary %d, want %d", got, tt.want)
			}
		})
	}
}

func TestParsePercent(t *testing.T) {
	tests := []struct {
		in   string
		want int
		err  string
	}{
		{"", 50, ""},
		{"  ", 50, ""},
		{"40", 40, ""},
		{"40%", 40, ""},
		{" 1 ", 1, ""},
		{"100%", 100, ""},
		{"0", 0, "/evict: percent must be 1 to 100, got 0"},
		{"101%", 0, "/evict: percent must be 1 to 100, got 101"},
		{"-5", 0, "/evict: percent must be 1 to 100, got -5"},
		{"half", 0, `/evict: percent must be 1 to 100, got "half"`},
		{"40.5", 0, `/evict: percent must be 1 to 100, got "40.5"`},
		{"%", 0, `/evict: percent must be 1 to 100, got "%"`},
	}
	for _, tt := range tests {
		got, err := ParsePercent(tt.in)
		checkErr(t, err, tt.err)
		if got != tt.want {
			t.Errorf("ParsePercent(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestParseEvict(t *testing.T) {
	tests := []struct {
		in   string
		want Manual
		err  string
	}{
		{"", Manual{Percent: 50}, ""},
		{"30%", Manual{Percent: 30}, ""},
		{"through 12", Manual{Through: 12}, ""},
		{"through", Manual{}, "/evict: through takes one turn: /evict through TURN"},
		{"through x", Manual{}, `/evict: through takes a turn's seq, got "x"`},
		{"through 0", Manual{}, `/evict: through takes a turn's seq, got "0"`},
		{"lots", Manual{}, `/evict: percent must be 1 to 100, got "lots"`},
	}
	for _, tt := range tests {
		got, err := ParseEvict(tt.in)
		checkErr(t, err, tt.err)
		if got != tt.want {
			t.Errorf("ParseEvict(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
	turns := []Turn{finished(1, 100), finished(10, 100), running(12, 50)}
	if b, err := (Manual{Through: 10}).Boundary(turns); b != 10 || err != nil {
		t.Errorf("through 10: %d %v", b, err)
	}
	if b, err := (Manual{Percent: 50}).Boundary(turns); b != 1 || err != nil {
		t.Errorf("50%%: %d %v", b, err)
	}
}

func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("unexpected error %v", err)
	case want != "" && (err == nil || err.Error() != want):
		t.Errorf("error %v, want %q", err, want)
	}
}

// Evict is the eviction alone, for a host whose evicted window grew its
// stubs past 50%: it takes what more may go, and nothing under 50%.
func TestEvictAgain(t *testing.T) {
	turns := []Turn{finished(10, 200), finished(20, 200), running(30, 50, 75, 75)}
	tests := []struct {
		name string
		req  Request
		want Decision
	}{
		{"over 50% after the stub grew", Request{Budget: 1000, Fixed: 150, Boundary: 9, Turns: turns},
			Decision{Evict: true, Boundary: 20, Usage: 750, After: 350}},
		{"at 50% nothing goes", Request{Budget: 1000, Usage: 500, Boundary: 9, Turns: turns},
			Decision{Usage: 500, After: 500, Boundary: 9}},
		{"nothing more may go", Request{Budget: 1000, Fixed: 600, Boundary: 29, Turns: []Turn{running(30, 50, 75)}},
			Decision{Usage: 725, After: 725, Boundary: 29, Over: false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Evict(tt.req)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
