package session_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/event"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// docs/performance.md and docs/eviction.md: building the window costs time proportional to the
// window, not to the log. The two benchmarks build windows of about the
// same size, one from a session of 100 turns and one from a session of
// 10,000 turns of which all but about 100 were evicted; their figures
// should be close.

func BenchmarkWindow100Turns(b *testing.B) { benchBackends(b, 100, "") }
func BenchmarkWindow10000Turns(b *testing.B) {
	benchBackends(b, 10000, fmt.Sprint(2*benchWindowTokens(100)))
}

func benchBackends(b *testing.B, turns int, budget string) {
	for _, be := range testdb.Backends() {
		b.Run(be.Name, func(b *testing.B) { benchWindow(b, be.Open(b), turns, budget) })
	}
}

// benchTurnEvents are one generated turn i: an input, a noted cell (a
// definition every tenth turn), its result, and the request after it, as a
// session records them. first is the input's seq, parent the previous
// turn's.
func benchTurnEvents(id string, i int, first, parent int64, at time.Time) []store.Event {
	note, form := fmt.Sprintf("turn %d: add the numbers", i), fmt.Sprintf("(+ %d %d)", i, i)
	defined, text := "[]", fmt.Sprint(2*i)
	if i%10 == 0 {
		note, form = fmt.Sprintf("turn %d: define b%d", i, i), fmt.Sprintf("(defun b%d (x) (* x %d))", i, i)
		defined, text = fmt.Sprintf(`["b%d"]`, i), fmt.Sprintf("b%d", i)
	}
	payloads := []struct{ kind, payload string }{
		{event.KindInput, fmt.Sprintf(`{"text":"turn %d: please work on step %d of the plan","parent":%d}`, i, i, parent)},
		{event.KindToolCall, fmt.Sprintf(`{"code":%q,"note":%q}`, ";; "+note+"\n"+form, note)},
		{event.KindToolResult, fmt.Sprintf(`{"call":%d,"text":%q,"duration_ms":0,"error":false,"defined":%s,"watching":{}}`, first+1, text, defined)},
		{event.KindRequest, `{"messages":0,"tokens":0,"head":0}`},
	}
	out := make([]store.Event, len(payloads))
	for k, p := range payloads {
		out[k] = store.Event{Session: id, Seq: first + int64(k), At: at.Add(time.Duration(first+int64(k)) * time.Millisecond),
			Kind: p.kind, Turn: first, Payload: []byte(p.payload)}
	}
	return out
}

// benchWindowTokens is about what n generated turns fill in a window.
func benchWindowTokens(n int) int { return n * 36 }

// benchWindow imports a session of turns generated turns, opens it with
// budget (empty: unknown), makes one request so the budget evicts what it
// must, and then measures building the window, looked at and sent.
func benchWindow(b *testing.B, st store.Store, turns int, budget string) {
	ctx := context.Background()
	id := fmt.Sprintf("bench-%d", turns)
	log := store.SessionLog{Session: store.Session{ID: id, Title: id, CreatedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}}
	var parent int64
	for i := 0; i < turns; i++ {
		first := int64(len(log.Events)) + 1
		log.Events = append(log.Events, benchTurnEvents(id, i, first, parent, log.Session.CreatedAt)...)
		parent = first
	}
	if err := st.Import(ctx, []store.SessionLog{log}, nil); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	s, err := session.Resume(ctx, st, id, session.Options{Home: b.TempDir(), BudgetEnv: &evict.Env{Tokens: budget}})
	if err != nil {
		b.Fatal(err)
	}
	resumed := time.Since(start)
	w, err := s.Window(ctx, session.WindowOptions{Send: true})
	if err != nil {
		b.Fatal(err)
	}
	if len(w.Messages) < 200 || len(w.Messages) > 400 {
		b.Fatalf("the window holds %d messages, want those of about 100 turns", len(w.Messages))
	}
	b.Logf("%d turns: resume %v; window of %d messages, %d tokens, boundary %d", turns, resumed, len(w.Messages), w.Used(), w.Boundary)
	for _, send := range []bool{false, true} {
		name := "look"
		if send {
			name = "request"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Window(ctx, session.WindowOptions{Send: send}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
