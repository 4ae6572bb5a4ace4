package evict

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBoundaryOnlyMovesForward is the defect mutation testing found: after
// a whole-turn eviction left the boundary at 19, a shed-only eviction (the
// running turn's older rounds) set it to 0, bringing every evicted turn
// back. The decision's boundary is never behind the request's.
func TestBoundaryOnlyMovesForward(t *testing.T) {
	cases := []struct {
		name string
		req  Request
		want Decision
	}{
		{"shed only", Request{Budget: 1000, Fixed: 100, Boundary: 19, Turns: []Turn{running(20, 300, 200, 200, 400)}},
			Decision{Evict: true, Boundary: 19, ShedThrough: 26, Usage: 1200, After: 800}},
		{"nothing to do", Request{Budget: 1000, Fixed: 0, Boundary: 19, Turns: []Turn{running(20, 100, 100)}},
			Decision{Boundary: 19, Usage: 200, After: 200}},
		{"nothing may go", Request{Budget: 1000, Fixed: 100, Boundary: 19, Turns: []Turn{running(20, 600, 700)}},
			Decision{Boundary: 19, Usage: 1400, After: 1400, Over: true}},
		{"moves on past it", Request{Budget: 1000, Fixed: 100, Boundary: 19, Turns: []Turn{finished(20, 500), running(30, 300, 200)}},
			Decision{Evict: true, Boundary: 20, Usage: 1100, After: 600, Over: false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Decide(Prior{}, c.req)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestExactlyTheBudget pins the edges the thresholds are written around:
// exactly 100% is not over the budget (it is over 85%: a warning first,
// then an eviction), and exactly 50% after evicting is enough.
func TestExactlyTheBudget(t *testing.T) {
	turns := []Turn{finished(1, 500), running(10, 200, 150, 150)}
	req := Request{Budget: 1000, Fixed: 0, Turns: turns}
	if d := Decide(Prior{}, req); !d.Warn || d.Evict || d.Usage != 1000 {
		t.Errorf("exactly 100%%, not warned: %+v, want a warning and no eviction", d)
	}
	if d := Decide(Prior{Warned: true}, req); d.Warn || !d.Evict || d.Boundary != 1 || d.After != 500 || d.ShedThrough != 0 {
		t.Errorf("exactly 100%%, warned: %+v, want turn 1 evicted leaving exactly 50%%", d)
	}
	over := Request{Budget: 1000, Fixed: 1, Turns: turns}
	if d := Decide(Prior{}, over); d.Warn || !d.Evict {
		t.Errorf("one token over 100%%: %+v, want an eviction at once", d)
	}
}
