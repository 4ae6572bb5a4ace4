package session_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// TestEvictionInvariants runs random sequences of turns, rounds, requests,
// manual evictions, undos, redos and context edits, and checks the seeds'
// invariants after every request: the boundary never moves back; after an
// eviction the window is within the budget; the running turn's input is
// always in the window; the whole-turn stub covers exactly the evicted
// seqs of the current path, and is there exactly when a path turn is
// evicted.
func TestEvictionInvariants(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			runEvictionSequence(t, testdb.SQLite(t), seed, 70)
		})
	}
	t.Run("postgres", func(t *testing.T) { runEvictionSequence(t, testdb.Postgres(t), 7, 40) })
}

func runEvictionSequence(t *testing.T, st store.Store, seed uint64, steps int) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(seed, 23))
	const budget = 3000
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
			must[session.CellResult](t)(s.Eval(ctx, code))
		case 5:
			log = append(log, "answer")
			must[int64](t)(s.Answer(ctx, text(50+r.IntN(300))))
		case 6:
			log = append(log, "undo")
			if _, err := s.Undo(ctx); err != nil && !errors.Is(err, session.ErrNothingToUndo) {
				fail("undo: %v", err)
			}
		case 7:
			log = append(log, "redo")
			_, _ = s.Redo(ctx) // nothing to redo is fine
		case 8:
			log = append(log, "evict")
			_, _ = s.Evict(ctx, fmt.Sprint(20+r.IntN(80))) // nothing to evict is fine
		case 9:
			log = append(log, "note")
			must[session.CellResult](t)(s.Eval(ctx, `(context :note "kept in mind")`))
		case 10:
			// A long running turn: many rounds, each its own request, so
			// evictions come to shed rounds after whole turns went.
			log = append(log, "rounds")
			for i := 2 + r.IntN(8); i > 0; i-- {
				must[session.CellResult](t)(s.Eval(ctx, fmt.Sprintf("%q", text(200+r.IntN(400)))))
				w := must[*session.Window](t)(s.Window(ctx, session.WindowOptions{Send: true}))
				if w.Boundary < boundary {
					fail("the boundary moved back from %d to %d in a long turn", boundary, w.Boundary)
				}
				boundary = w.Boundary
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
		if w.Evicted && w.Usage > w.Budget {
			fail("after an eviction the window holds %d tokens of %d", w.Usage, w.Budget)
		}
		if !hasMessage(w, s.Head()) {
			fail("the running turn's input (seq %d) is not in the window", s.Head())
		}
		checkStub(t, st, s, w, fail)
	}
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
