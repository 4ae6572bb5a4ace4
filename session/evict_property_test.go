package session_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// TestEvictionInvariants runs random sequences of turns, rounds, requests,
// manual evictions, undos, redos and context edits under random budgets
// (from a few hundred tokens), and checks the seeds' invariants after
// every request: the boundary never moves back; the window handed to the
// model, its stubs, notes and warning counted, is never over the budget,
// and after an eviction never over 50% of it, unless nothing more may go;
// the running turn's input is always in the window; the whole-turn stub
// covers exactly the evicted seqs of the current path, and is there
// exactly when a path turn is evicted.
func TestEvictionInvariants(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			runEvictionSequence(t, testdb.SQLite(t), seed, 70)
		})
	}
	t.Run("postgres", func(t *testing.T) { runEvictionSequence(t, testdb.Postgres(t), 9, 40) })
}

func runEvictionSequence(t *testing.T, st store.Store, seed uint64, steps int) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(seed, 23))
	budget := 300 + r.IntN(3700)
	o := opts(fmt.Sprint(budget))
	o.Home = t.TempDir() // the context edits' files, out of the package's folder
	s := must[*session.Session](t)(session.Open(ctx, st, o))
	var boundary int64
	var log []string
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("seed %d after %s:\n"+format, append([]any{seed, strings.Join(log, ", ")}, args...)...)
	}
	text := func(n int) string { return strings.Repeat(string(rune('a'+r.IntN(26))), n) }
	for step := 0; step < steps; step++ {
		op := r.IntN(11)
		if s.Head() == 0 {
			op = 0
		}
		switch op {
		case 0, 1:
			log = append(log, "input")
			must[int64](t)(s.Input(ctx, text(100+r.IntN(500))))
		case 2, 3, 4:
			log = append(log, "cell")
			code := fmt.Sprintf("%q", text(50+r.IntN(700)))
			if r.IntN(3) == 0 {
				code = ";; note " + fmt.Sprint(step) + "\n" + code
			}
			must[session.CellResult](t)(s.Eval(ctx, code, session.TurnOptions{}))
		case 5:
			log = append(log, "answer")
			must[int64](t)(s.Answer(ctx, text(50+r.IntN(300))))
		case 6:
			log = append(log, "undo")
			if _, err := s.Undo(ctx, session.UndoOptions{}); err != nil && !errors.Is(err, session.ErrNothingToUndo) {
				fail("undo: %v", err)
			}
		case 7:
			log = append(log, "redo")
			_, _ = s.Redo(ctx, session.UndoOptions{}) // nothing to redo is fine
		case 8:
			log = append(log, "evict")
			_, _ = s.Evict(ctx, fmt.Sprint(20+r.IntN(80))) // nothing to evict is fine
		case 9:
			log = append(log, "note")
			must[session.CellResult](t)(s.Eval(ctx, `(context :note "kept in mind")`, session.TurnOptions{}))
		case 10:
			// A long running turn: many rounds, each its own request, so
			// evictions come to shed rounds after whole turns went.
			log = append(log, "rounds")
			for i := 2 + r.IntN(8); i > 0; i-- {
				must[session.CellResult](t)(s.Eval(ctx, fmt.Sprintf("%q", text(200+r.IntN(400))), session.TurnOptions{}))
				w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{Send: true}))
				if w.Boundary < boundary {
					fail("the boundary moved back from %d to %d in a long turn", boundary, w.Boundary)
				}
				boundary = w.Boundary
				checkFits(t, st, s, w, fail)
			}
		}
		if s.Head() == 0 {
			continue
		}
		log = append(log, "request")
		w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{Send: true}))
		if w.Boundary < boundary {
			fail("the boundary moved back from %d to %d", boundary, w.Boundary)
		}
		boundary = w.Boundary
		checkFits(t, st, s, w, fail)
		if !hasMessage(w, s.Head()) {
			fail("the running turn's input (seq %d) is not in the window", s.Head())
		}
		checkStub(t, st, s, w, fail)
	}
}

// checkFits checks the window a request hands to the model against its
// budget, every message counted: never over it, and after an eviction
// never over 50% of it, unless nothing more may go (no finished turn is
// left and the running turn keeps only its newest round).
func checkFits(t *testing.T, st store.Store, s *session.Session, w *session.Window, fail func(string, ...any)) {
	t.Helper()
	used := 0
	for _, m := range w.Messages {
		used += m.Tokens
	}
	if used != w.Used() {
		fail("the window's messages hold %d tokens, its usage says %d", used, w.Used())
	}
	over := w.Used() > w.Budget
	if w.Evicted && w.Used()*100 > 50*w.Budget {
		over = true
	}
	if over && (w.Usage.Finished > 0 || keptRounds(t, st, s, w) > 1) {
		fail("the window holds %d tokens of %d (evicted %v, warned %v) with history left to evict: %d tokens of finished turns, %d rounds of the running turn",
			w.Used(), w.Budget, w.Evicted, w.Warning, w.Usage.Finished, keptRounds(t, st, s, w))
	}
}

// keptRounds counts the running turn's rounds the window holds: a round
// is what the log holds between two requests of the turn.
func keptRounds(t *testing.T, st store.Store, s *session.Session, w *session.Window) int {
	t.Helper()
	r := must[store.ScanResult](t)(st.Scan(context.Background(), store.Query{Session: s.ID()}))
	var requests []int64
	turnOf := map[int64]int64{}
	for _, e := range r.Events {
		turnOf[e.Seq] = e.Turn
		if e.Turn == w.Head && e.Kind == event.KindRequest {
			requests = append(requests, e.Seq)
		}
	}
	rounds := map[int]bool{}
	for _, m := range w.Messages {
		if m.Seq == w.Head || m.Kind == "" || turnOf[m.Seq] != w.Head {
			continue
		}
		n := 0
		for n < len(requests) && requests[n] < m.Seq {
			n++
		}
		rounds[n] = true
	}
	return len(rounds)
}

func hasMessage(w *session.Window, seq int64) bool {
	for _, m := range w.Messages {
		if m.Seq == seq && m.Role == session.RoleUser {
			return true
		}
	}
	return false
}

// checkStub compares the whole-turn stub with the log: the path turns at
// or below the boundary but the running one are the evicted ones, and the stub's "seq A–B"
// runs from the first of their window events to the last.
func checkStub(t *testing.T, st store.Store, s *session.Session, w *session.Window, fail func(string, ...any)) {
	t.Helper()
	evicted := map[int64]bool{}
	for _, turn := range treeOf(t, s) {
		if turn.OnPath && turn.Seq <= w.Boundary && !turn.Head {
			evicted[turn.Seq] = true
		}
	}
	var stub string
	for _, m := range w.Messages {
		if m.ID == "stub" {
			stub = m.Text
		}
	}
	if len(evicted) == 0 {
		if stub != "" {
			fail("a stub with no evicted path turn: %q", stub)
		}
		return
	}
	r := must[store.ScanResult](t)(st.Scan(context.Background(), store.Query{Session: s.ID(),
		Kinds: []string{event.KindInput, event.KindAnswer, event.KindToolCall, event.KindToolResult}}))
	var first, last int64
	for _, e := range r.Events {
		if !evicted[e.Turn] {
			continue
		}
		if first == 0 {
			first = e.Seq
		}
		last = e.Seq
	}
	want := fmt.Sprintf("[history evicted: seq %d–%d · ", first, last)
	if !strings.HasPrefix(stub, want) {
		fail("stub %q, want it to begin %q (turns %v evicted)", firstLineOf(stub), want, evicted)
	}
	for _, m := range w.Messages {
		if m.Seq != 0 && evicted[m.Seq] {
			fail("evicted turn %d is in the window", m.Seq)
		}
	}
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
