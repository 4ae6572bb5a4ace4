package session_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/nodelisp/nodelisp/event"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/evict"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/session"
	"github.com/nodelisp/nodelisp/store"
)

// BenchmarkResumeScale resumes a generated session of 1k, 10k or 100k
// events (a linear chain of turns, evicted but for the last hundred, with
// a full state record of 200 globals at its head) and makes its first
// request: the cost should follow the state and the window, not the log.
// Besides the time of both it reports the resume's own (resume-ms/op) and
// the process's CPU time (cpu-ms/op, PostgreSQL's own not counted), which
// a loaded machine disturbs less than the wall clock.
//
// A few resumes run before the timer: the first appends after a bulk
// import of 100k events pay for merging the FTS5 index the import built
// in one piece (tens of milliseconds each, on SQLite), which is the
// import's cost, not the resume's.
func BenchmarkResumeScale(b *testing.B) {
	sizes := []int{1000, 10000}
	if os.Getenv("NODELISP_BENCH_SCALE") != "" {
		sizes = append(sizes, 100000)
	}
	for _, events := range sizes {
		for _, be := range testdb.Backends() {
			b.Run(fmt.Sprintf("%dk/%s", events/1000, be.Name), func(b *testing.B) {
				st := be.Open(b)
				id := scaleSession(b, st, events/4)
				for range 10 {
					resumeAndRequest(b, st, id)
				}
				b.ReportAllocs()
				var resumed time.Duration
				cpu := cpuTime(b)
				for b.Loop() {
					resumed += resumeAndRequest(b, st, id)
				}
				b.ReportMetric(float64(cpuTime(b)-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
				b.ReportMetric(float64(resumed)/float64(time.Millisecond)/float64(b.N), "resume-ms/op")
			})
		}
	}
}

// resumeAndRequest resumes session id and builds the request a first turn
// sends, checking the window and the image; it returns the resume's time.
func resumeAndRequest(b testing.TB, st store.Store, id string) time.Duration {
	ctx := context.Background()
	start := time.Now()
	s, err := session.Resume(ctx, st, id, session.Options{Home: b.TempDir(), BudgetEnv: &evict.Env{Tokens: fmt.Sprint(2 * benchWindowTokens(100))}})
	if err != nil {
		b.Fatal(err)
	}
	resumed := time.Since(start)
	w, err := s.Window(ctx, session.WindowOptions{Send: true})
	if err != nil {
		b.Fatal(err)
	}
	if n := len(w.Messages); n < 100 || n > 500 {
		b.Fatalf("window of %d messages", n)
	}
	var v int64
	if err := s.Interpreter().Get("*g1*", &v); err != nil || v != 1 {
		b.Fatalf("*g1* = %d, %v", v, err)
	}
	return resumed
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(b testing.TB) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// scaleSession imports a chain of turns, an eviction that keeps the last
// hundred, and at head the full state record a session of 200 globals
// writes (made by running globalCells in a scratch session).
func scaleSession(b testing.TB, st store.Store, turns int) string {
	ctx := context.Background()
	id := fmt.Sprintf("scale-%d", turns)
	log := store.SessionLog{Session: store.Session{ID: id, Title: id, CreatedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}}
	var parent int64
	for i := 0; i < turns; i++ {
		first := int64(len(log.Events)) + 1
		log.Events = append(log.Events, benchTurnEvents(id, i, first, parent, log.Session.CreatedAt)...)
		parent = first
	}
	at := log.Session.CreatedAt.Add(time.Hour)
	next := int64(len(log.Events)) + 1
	through := parent - 4*100
	if through < 1 {
		through = 0
	}
	ev, _ := json.Marshal(map[string]any{"boundary": through, "shed": map[string]int64{}, "through": through,
		"span": map[string]any{"first": 1, "last": through, "turns": turns - 100, "defined": []string{}, "watching": []any{}, "notes": []any{}}, "why": "auto"})
	log.Events = append(log.Events,
		store.Event{Session: id, Seq: next, At: at, Kind: event.KindEviction, Turn: parent, Payload: ev},
		store.Event{Session: id, Seq: next + 1, At: at, Kind: event.KindState, Turn: parent, Payload: fullState(b)})
	if err := st.Import(ctx, []store.SessionLog{log}, nil); err != nil {
		b.Fatal(err)
	}
	return id
}

// fullState is the full state record of an image holding globalCells.
func fullState(b testing.TB) json.RawMessage {
	ctx := context.Background()
	st := testdb.SQLite(b)
	s, err := session.Open(ctx, st, session.Options{Title: "state", Home: b.TempDir(), BudgetEnv: &evict.Env{}})
	if err != nil {
		b.Fatal(err)
	}
	benchTurn(b, s, strings.Join(globalCells(), "\n"))
	e, ok, err := store.Last(ctx, st, s.ID(), event.KindState)
	if err != nil || !ok {
		b.Fatalf("no state record: %v", err)
	}
	var p map[string]any
	json.Unmarshal(e.Payload, &p)
	p["full"], p["base"], p["depth"] = true, 0, 0
	out, _ := json.Marshal(p)
	return out
}
