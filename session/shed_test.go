package session_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// host drives one session as an agent host does, failing the test when the
// log fails. The shed, simulation and tree tests share it.
type host struct {
	t   testing.TB
	ctx context.Context
	s   *session.Session
}

func openHost(t testing.TB, st store.Store, tokens string) *host {
	t.Helper()
	ctx := context.Background()
	s, err := session.Open(ctx, st, session.Options{Title: "host", Home: t.TempDir(), BudgetEnv: &evict.Env{Tokens: tokens}})
	if err != nil {
		t.Fatal(err)
	}
	return &host{t: t, ctx: ctx, s: s}
}

func (h *host) input(text string) int64 {
	h.t.Helper()
	seq, err := h.s.Input(h.ctx, text)
	if err != nil {
		h.t.Fatal(err)
	}
	return seq
}

func (h *host) eval(code string) session.CellResult {
	h.t.Helper()
	r, err := h.s.Eval(h.ctx, code, session.TurnOptions{})
	if err != nil {
		h.t.Fatal(err)
	}
	if r.Error {
		h.t.Fatalf("cell %q failed: %s", code, r.Text)
	}
	return r
}

func (h *host) window(send bool) *session.Window {
	h.t.Helper()
	w, err := h.s.Window(h.ctx, session.WindowOptions{Send: send})
	if err != nil {
		h.t.Fatal(err)
	}
	return w
}

func (h *host) send() *session.Window { h.t.Helper(); return h.window(true) }
func (h *host) look() *session.Window { h.t.Helper(); return h.window(false) }

// notesRE is a stub's optional notes block, as the reference pages set it.
const notesRE = `(?:\n\[the evicted cells noted and judged, oldest first; \(recall-entry seq\) reads one whole` +
	`(?:\n \+\d+ earlier)?(?:\n seq \d+ · [^\n]*)+\])?$`

// listsRE are a stub's optional defined: and watching: parts.
const listsRE = `(?:defined: [^·\n]+ · )?(?:watching: [^·\n]+ · )?`

var (
	wholeStubRE = regexp.MustCompile(`^\[history evicted: seq (\d+)–(\d+) · (\d+) turns? · ` + listsRE +
		`recall: \(recall-log :match "text" :before (\d+)\)\]` + notesRE)
	turnStubRE = regexp.MustCompile(`^\[turn history evicted: (\d+) rounds? · seq (\d+)–(\d+) · ` + listsRE +
		`recall: \(recall-log :match "text" :after (\d+) :before (\d+)\)\]` + notesRE)
)

// stubFigures are the numbers a stub's text shows.
type stubFigures struct {
	First, Last, Count int64 // seq A–B, and N turns or rounds
	After, Before      int64 // the recall form's :after (turnstub only) and :before
}

// parseWholeStub checks a whole-turn stub against the reference format and
// its recall form's numbers against its seq range.
func parseWholeStub(t testing.TB, text string) stubFigures {
	t.Helper()
	m := wholeStubRE.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("stub does not match the reference format:\n%s", text)
	}
	f := stubFigures{First: atoi(t, m[1]), Last: atoi(t, m[2]), Count: atoi(t, m[3]), Before: atoi(t, m[4])}
	if f.Before != f.Last+1 || f.First > f.Last {
		t.Fatalf("stub figures do not add up (want :before B+1): %+v\n%s", f, text)
	}
	if (f.Count == 1) != strings.Contains(text, " · 1 turn · ") {
		t.Fatalf("stub miscounts its turns: %q", text)
	}
	return f
}

// parseTurnStub is parseWholeStub for the running turn's stub.
func parseTurnStub(t testing.TB, text string) stubFigures {
	t.Helper()
	m := turnStubRE.FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("turnstub does not match the reference format:\n%s", text)
	}
	f := stubFigures{Count: atoi(t, m[1]), First: atoi(t, m[2]), Last: atoi(t, m[3]), After: atoi(t, m[4]), Before: atoi(t, m[5])}
	if f.After != f.First-1 || f.Before != f.Last+1 || f.First > f.Last {
		t.Fatalf("turnstub figures do not add up (want :after A-1 :before B+1): %+v\n%s", f, text)
	}
	return f
}

func atoi(t testing.TB, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// message finds the window message with id; ok is false when there is none.
func message(w *session.Window, id string) (session.Message, int, bool) {
	for i, m := range w.Messages {
		if m.ID == id {
			return m, i, true
		}
	}
	return session.Message{}, -1, false
}

func seqID(seq int64) string { return strconv.FormatInt(seq, 10) }

// bigRound is a cell whose result fills about 120 tokens of the window,
// with a ;; note naming its round.
func bigRound(label string) string {
	return fmt.Sprintf(";; %s\n(make-string 400 :initial-element #\\a)", label)
}

// TestRunningTurnShedsRounds: one turn of many rounds outgrows the budget,
// and the turn sheds its oldest rounds into a turnstub right after its
// input, never the input or the newest round; a later shed merges into the
// same turnstub; and when the turn is later evicted whole, the turnstub
// folds into the stub.
func TestRunningTurnShedsRounds(t *testing.T) {
	eachBackend(t, func(t *testing.T, st store.Store) {
		h := openHost(t, st, "2000") // room for the warning between 85% and 100%: a round is about 120 tokens
		in := h.input("one long turn")
		type round struct{ call, result int64 }
		var rounds []round
		var sheds []stubFigures
		warned := false
		for i := 0; i < 32; i++ {
			r := h.eval(bigRound(fmt.Sprintf("round %d", i)))
			rounds = append(rounds, round{r.CallSeq, r.ResultSeq})
			w := h.send()
			if w.Warning {
				warned = true
			}
			if !w.Evicted {
				if _, _, ok := message(w, "turnstub"); ok != (len(sheds) > 0) {
					t.Fatalf("round %d: turnstub present %v after %d sheds", i, ok, len(sheds))
				}
				continue
			}
			if !warned && w.Used() <= w.Budget {
				t.Errorf("round %d: shed without a warning first", i)
			}
			warned = false
			if w.Boundary != 0 {
				t.Fatalf("round %d: the running turn was evicted whole (boundary %d)", i, w.Boundary)
			}
			if w.Used() > w.Budget {
				t.Errorf("round %d: usage %d still over the budget %d after shedding", i, w.Used(), w.Budget)
			}
			if w.Messages[0].ID != seqID(in) {
				t.Fatalf("round %d: first message is %s, want the input %d", i, w.Messages[0].ID, in)
			}
			stub, at, ok := message(w, "turnstub")
			if !ok || at != 1 || stub.Role != session.RoleSystem {
				t.Fatalf("round %d: turnstub at %d (role %q), want right after the input", i, at, stub.Role)
			}
			f := parseTurnStub(t, stub.Text)
			if f.First != rounds[0].call {
				t.Errorf("round %d: turnstub starts at %d, want the first round's call %d", i, f.First, rounds[0].call)
			}
			// The rounds shed are exactly those through B; the rest are
			// in the window, the newest always.
			shed := 0
			for _, r := range rounds {
				_, _, inWindow := message(w, seqID(r.result))
				if r.result <= f.Last {
					shed++
					if inWindow {
						t.Errorf("round %d: result %d is shed and still in the window", i, r.result)
					}
				} else if !inWindow {
					t.Errorf("round %d: result %d is not shed and missing from the window", i, r.result)
				}
			}
			if int64(shed) != f.Count || shed == len(rounds) {
				t.Errorf("round %d: turnstub says %d rounds, %d of %d were shed", i, f.Count, shed, len(rounds))
			}
			if !strings.Contains(stub.Text, "\n seq "+seqID(rounds[0].call)+" · round 0") {
				t.Errorf("round %d: turnstub lacks round 0's note:\n%s", i, stub.Text)
			}
			if n := len(sheds); n > 0 && (f.First != sheds[n-1].First || f.Last <= sheds[n-1].Last) {
				t.Errorf("round %d: later shed %+v does not extend the earlier %+v", i, f, sheds[n-1])
			}
			sheds = append(sheds, f)
		}
		if len(sheds) < 2 {
			t.Fatalf("the running turn shed %d times, want at least 2", len(sheds))
		}
		last := rounds[len(rounds)-1]

		// New turns: the long one finishes, and is evicted whole.
		var stub stubFigures
		for i := 0; i < 24 && stub.Count == 0; i++ {
			h.input(fmt.Sprintf("next %d", i))
			h.eval(bigRound(fmt.Sprintf("next %d", i)))
			w := h.send()
			if w.Boundary < in {
				continue
			}
			m, at, ok := message(w, "stub")
			if !ok || at != 0 {
				t.Fatalf("turn evicted whole but no stub first: %v", texts(w))
			}
			stub = parseWholeStub(t, m.Text)
			if stub.First != in || stub.Last < last.result || stub.Count != 1 {
				t.Errorf("stub %+v does not cover the long turn %d–%d", stub, in, last.result)
			}
			for j := range rounds {
				note := fmt.Sprintf("\n seq %d · round %d", rounds[j].call, j)
				if !strings.Contains(m.Text, note) {
					t.Errorf("stub lacks round %d's note %q:\n%s", j, note, m.Text)
				}
			}
			if _, _, ok := message(w, "turnstub"); ok {
				t.Errorf("a turnstub is left after its turn was evicted whole")
			}
		}
		if stub.Count == 0 {
			t.Fatal("the long turn was never evicted whole")
		}
	})
}

// TestCeilingEvictsAtOnce: a request rejected as too large records a
// ceiling; the budget becomes the lowest ceiling, and the next request
// evicts at once, without a warning first.
func TestCeilingEvictsAtOnce(t *testing.T) {
	h := openHost(t, testdb.SQLite(t), "100000")
	var turns []int64
	for i := 0; i < 10; i++ {
		turns = append(turns, h.input(fmt.Sprintf("turn %d", i)))
		h.eval(bigRound(fmt.Sprintf("turn %d", i)))
		if w := h.send(); w.Warning || w.Evicted {
			t.Fatalf("turn %d: warned %v evicted %v far under the budget", i, w.Warning, w.Evicted)
		}
	}
	before := h.look()
	if err := h.s.ReportTooLarge(h.ctx, before.Used()+500); err != nil {
		t.Fatal(err)
	}
	lowest := before.Used() - 100
	if err := h.s.ReportTooLarge(h.ctx, lowest); err != nil {
		t.Fatal(err)
	}
	if err := h.s.ReportTooLarge(h.ctx, before.Used()+200); err != nil {
		t.Fatal(err)
	}
	if err := h.s.ReportTooLarge(h.ctx, 0); err == nil {
		t.Error("a ceiling of 0 tokens was accepted")
	}
	look := h.look()
	if look.Budget != lowest || look.Source != evict.SourceCeiling {
		t.Errorf("budget %d from %q, want the lowest ceiling %d", look.Budget, look.Source, lowest)
	}
	w := h.send()
	if !w.Evicted || w.Warning {
		t.Fatalf("first request after the ceiling: evicted %v warning %v, want an eviction at once", w.Evicted, w.Warning)
	}
	if w.Budget != lowest || w.Used()*2 > lowest+100 {
		t.Errorf("after the ceiling: usage %d of budget %d, want about half of %d", w.Used(), w.Budget, lowest)
	}
	if m, _, ok := message(w, "stub"); !ok || parseWholeStub(t, m.Text).First != turns[0] {
		t.Errorf("stub after the ceiling eviction: %v", texts(w))
	}
	// Only the first request after a ceiling evicts at once.
	again := h.send()
	if again.Evicted || again.Warning {
		t.Errorf("second request after the ceiling: evicted %v warning %v", again.Evicted, again.Warning)
	}
	resumed := must[*session.Session](t)(session.Resume(h.ctx, h.s.Store(), h.s.ID(),
		session.Options{Home: t.TempDir(), BudgetEnv: &evict.Env{Tokens: "100000"}}))
	if rw := must[*session.Window](t)(resumed.Window(h.ctx, session.WindowOptions{})); rw.Budget != lowest {
		t.Errorf("the ceiling did not survive a restart: budget %d", rw.Budget)
	}
}
