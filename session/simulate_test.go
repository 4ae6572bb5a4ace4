package session_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
)

// simTurns is the length of the simulated session.
const simTurns = 1000

// recallFormRE finds the recall form in a whole-turn stub.
var recallFormRE = regexp.MustCompile(`\(recall-log :match "text" :before \d+\)`)

// simWord is turn i's word, in its input only: what a recall looks for.
func simWord(i int) string { return fmt.Sprintf("zq%dword", i) }

// simInput is turn i's input: varied in length and wording, holding the
// turn's own word.
func simInput(i int) string {
	topics := []string{"parse the config", "fix the failing test", "speed up the loop", "rename the helper", "explain the error"}
	var b strings.Builder
	fmt.Fprintf(&b, "turn %d: %s (%s)", i, topics[i%len(topics)], simWord(i))
	for k := 0; k < i%6; k++ {
		fmt.Fprintf(&b, "\nmore detail %d about step %d of the plan, with a few more words to read", k, i)
	}
	return b.String()
}

// simCell is turn i's cell: it opens with a ;; note, and every fourth
// defines a function.
func simCell(i int) string {
	if i%4 == 0 {
		return fmt.Sprintf(";; define h%d for turn %d\n(defun h%d (x) (* x %d))", i, i, i, i)
	}
	return fmt.Sprintf(";; compute for turn %d\n(list %d (* %d %d) (length (make-list %d)) \"done\")", i, i, i, i, i%17)
}

// simulation is what the long session test tracks between requests.
type simulation struct {
	t        *testing.T
	h        *host
	inputs   []int64 // turn i's input seq
	last     []int64 // the seq of turn i's last window event
	boundary int64
	warned   bool // a warning since the last eviction
	evicts   int
	recalls  int
}

// request makes one request and checks what it did against the rules of
// docs/eviction.md.
func (sim *simulation) request() *session.Window {
	t := sim.t
	t.Helper()
	w := sim.h.send()
	if w.Boundary < sim.boundary {
		t.Fatalf("boundary moved back from %d to %d", sim.boundary, w.Boundary)
	}
	if w.Warning {
		if sim.warned {
			t.Fatalf("a second warning with no eviction between")
		}
		sim.warned = true
	} else if sim.warned && !w.Evicted {
		// Usage only grows between the warning and the next request.
		t.Fatalf("the request after a warning did not evict (usage %d of %d)", w.Used(), w.Budget)
	}
	if w.Evicted {
		sim.evicted(w)
	} else if w.Boundary != sim.boundary {
		t.Fatalf("boundary moved from %d to %d with no eviction", sim.boundary, w.Boundary)
	}
	return w
}

// evicted checks a request that evicted: the window fits, the stub is the
// reference's, its numbers are the evicted turns', and its recall form
// finds an evicted turn.
func (sim *simulation) evicted(w *session.Window) {
	t := sim.t
	t.Helper()
	// Every step here adds far less than 15% of the budget, so no request
	// goes from under 85% to over 100%: each eviction had its warning.
	if !sim.warned {
		t.Fatalf("evicted without a warning first (usage %d of %d)", w.Used(), w.Budget)
	}
	sim.warned = false
	sim.evicts++
	if w.Used() > w.Budget {
		t.Fatalf("after eviction usage %d is over the budget %d", w.Used(), w.Budget)
	}
	if w.Boundary <= sim.boundary {
		t.Fatalf("evicted but the boundary stayed at %d", w.Boundary)
	}
	sim.boundary = w.Boundary
	// The evicted turns are a prefix; find the newest.
	newest := -1
	for i, in := range sim.inputs {
		if in <= w.Boundary {
			newest = i
		}
	}
	if newest < 0 || newest == len(sim.inputs)-1 {
		t.Fatalf("boundary %d evicts turns through %d of %d", w.Boundary, newest, len(sim.inputs))
	}
	if w.Messages[0].ID != "stub" {
		t.Fatalf("first message %q, want the stub", w.Messages[0].ID)
	}
	f := parseWholeStub(t, w.Messages[0].Text)
	if f.First != sim.inputs[0] || f.Last != sim.last[newest] || f.Count != int64(newest+1) {
		t.Fatalf("stub %+v, want seq %d–%d · %d turns", f, sim.inputs[0], sim.last[newest], newest+1)
	}
	if first := w.Messages[1]; first.Role != session.RoleUser || first.Seq != sim.inputs[newest+1] {
		t.Fatalf("after the stub comes %s %d, want the input of the first kept turn %d", first.Role, first.Seq, sim.inputs[newest+1])
	}
	// The agent fills in the recall form with a word of an evicted turn:
	// the newest evicted, and one further back.
	for _, i := range []int{newest, newest / 3} {
		sim.recall(w.Messages[0].Text, i)
	}
}

// recall evaluates the stub's recall form, with turn i's word for "text",
// as a cell of the running turn, and wants turn i's input among its rows.
func (sim *simulation) recall(stub string, i int) {
	t := sim.t
	t.Helper()
	form := recallFormRE.FindString(stub)
	if form == "" {
		t.Fatalf("no recall form in the stub:\n%s", stub)
	}
	code := strings.Replace(form, `"text"`, `"`+simWord(i)+`"`, 1)
	r := sim.h.eval(code)
	want := regexp.MustCompile(fmt.Sprintf(`\(:seq %d :at "[^"]*" :kind "input" :body "turn %d: `, sim.inputs[i], i))
	if !want.MatchString(r.Text) {
		t.Fatalf("%s does not find turn %d (input seq %d):\n%s", code, i, sim.inputs[i], r.Text)
	}
	sim.recalls++
	sim.last[len(sim.last)-1] = r.ResultSeq
}

// TestLongSimulatedSession is a thousand-turn session with a budget of
// 20,000 tokens and a request before each cell, as a host makes them (the
// request after a cell is the next turn's, once its input is recorded):
// every request keeps the rules of warning and eviction, every stub is the
// reference's, and its recall form finds what it hides.
func TestLongSimulatedSession(t *testing.T) {
	turns := simTurns
	if testing.Short() {
		turns = simTurns / 5
	}
	h := openHost(t, testdb.SQLite(t), "20000")
	sim := &simulation{t: t, h: h}
	for i := 0; i < turns; i++ {
		in := h.input(simInput(i))
		sim.inputs = append(sim.inputs, in)
		sim.last = append(sim.last, in)
		sim.request()
		sim.last[i] = h.eval(simCell(i)).ResultSeq
	}
	sim.request()
	if sim.evicts < turns/200 || sim.recalls < 2*sim.evicts {
		t.Fatalf("only %d evictions and %d recalls in %d turns", sim.evicts, sim.recalls, turns)
	}
	t.Logf("%d turns: %d evictions, %d recalls, boundary %d", turns, sim.evicts, sim.recalls, sim.boundary)

	// A restart rebuilds the same window.
	before := h.look()
	again := must[*session.Session](t)(session.Resume(h.ctx, h.s.Store(), h.s.ID(),
		session.Options{Home: t.TempDir(), BudgetEnv: &evict.Env{Tokens: "20000"}}))
	after := must[*session.Window](t)(again.Window(h.ctx, session.WindowOptions{}))
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("window after restart (-before +after):\n%s", diff)
	}
}
