package storetest

import (
	"context"
	"github.com/nodelisp/nodelisp/event"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/gen"
)

// Bench runs the store benchmarks: appends one event at a time and a
// turn at a time, a lease's take and release, bulk import, and lineage scans with :match on a
// 100,000-event session. Data is made inside the benchmarks, so a plain
// go test never builds it.
func Bench(b *testing.B, newStore func(b *testing.B) store.Store) {
	ctx := context.Background()
	b.Run("AppendSingle", func(b *testing.B) {
		s := newStore(b)
		if _, err := s.CreateSession(ctx, "b", ""); err != nil {
			b.Fatal(err)
		}
		evs := gen.NewEvents(1, 3000, 300)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; b.Loop(); i++ {
			if _, err := s.Append(ctx, "b", evs[i%len(evs):i%len(evs)+1]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
	b.Run("AppendTurn6", func(b *testing.B) {
		s := newStore(b)
		if _, err := s.CreateSession(ctx, "b", ""); err != nil {
			b.Fatal(err)
		}
		evs := gen.NewEvents(2, 6, 300)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.Append(ctx, "b", evs); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(6*b.N)/b.Elapsed().Seconds(), "events/s")
	})
	b.Run("LeaseTakeRelease", func(b *testing.B) {
		// What holding the lease adds to every turn: its take and release.
		s := newStore(b)
		if _, err := s.CreateSession(ctx, "b", ""); err != nil {
			b.Fatal(err)
		}
		r := store.LeaseRequest{Session: "b", Token: store.NewLeaseToken(), TTL: time.Minute,
			Holder: store.Holder{Host: "box", PID: 1, Kind: "bench"}}
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.TakeLease(ctx, r); err != nil {
				b.Fatal(err)
			}
			if err := s.ReleaseLease(ctx, "b", r.Token); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Import10k", func(b *testing.B) {
		s := newStore(b)
		logs := gen.Logs(gen.Config{Sessions: 1, Events: 10000, Seed: 3})
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			logs[0].Session.ID = "imp-" + store.NewSessionID()
			for j := range logs[0].Events {
				logs[0].Events[j].Session = logs[0].Session.ID
			}
			if err := s.Import(ctx, logs, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(10000*b.N)/b.Elapsed().Seconds(), "events/s")
	})
	b.Run("Scan100k", func(b *testing.B) {
		s := newStore(b)
		// One event in 20,000 holds the rare word: 5 in the session.
		logs := gen.Logs(gen.Config{Sessions: 1, Events: 100000, RareWord: "xylophone", RareEvery: 20000, Seed: 4})
		if err := s.Import(ctx, logs, nil); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Fork(ctx, logs[0].Session.ID, 0, "fork", ""); err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name string
			q    store.Query
		}{
			{"Newest20", store.Query{Limit: 20, Newest: true}},
			{"RareMatch", store.Query{Match: "xylophone", Limit: 20, Newest: true, Count: true}},
			{"DenseMatchCount", store.Query{Match: "deploy", Limit: 20, Newest: true, Count: true}},
			{"DenseMatchKinds", store.Query{Match: "deploy", Kinds: []string{event.KindToolCall}, Limit: 20, Newest: true, Count: true}},
			{"ShortMatchCount", store.Query{Match: "é", Limit: 20, Newest: true, Count: true}},
			// recall's default reads skip echoes and repeats (echo.go).
			{"RareMatchSkipping", store.Query{Match: "xylophone", Limit: 20, Newest: true, Count: true, SkipEchoes: true, SkipRepeats: true}},
			{"DenseMatchCountSkipping", store.Query{Match: "deploy", Limit: 20, Newest: true, Count: true, SkipEchoes: true, SkipRepeats: true}},
		} {
			b.Run(c.name, func(b *testing.B) {
				q := c.q
				q.Session = "fork"
				b.ReportAllocs()
				for b.Loop() {
					if _, err := s.Scan(ctx, q); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		for _, c := range []struct {
			name  string
			skip  bool
			words []string
		}{
			{"SearchRare", false, []string{"xylophone"}}, {"SearchCommonPair", false, []string{"deploy", "script"}},
			{"SearchRareSkipping", true, []string{"xylophone"}}, {"SearchCommonPairSkipping", true, []string{"deploy", "script"}},
		} {
			b.Run(c.name, func(b *testing.B) {
				b.ReportAllocs()
				q := store.SearchQuery{Words: c.words, Limit: 60, SkipEchoes: c.skip, SkipRepeats: c.skip}
				for b.Loop() {
					if _, err := s.Search(ctx, q); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	})
}
