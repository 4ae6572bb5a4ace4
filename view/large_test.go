package view

import (
	"context"
	"fmt"
	"github.com/nodelisp/nodelisp/internal/testbin"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/store/gen"
	"github.com/nodelisp/nodelisp/store/sqlite"
)

// largeEvents is the size of session the view must open in under a
// second (issue 22).
const largeEvents = 100_000

// largeStore imports one synthetic session of largeEvents events. Short
// payloads keep the import quick; the pages' cost follows the events.
func largeStore(tb testing.TB) store.Store {
	tb.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(tb.TempDir(), "large.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	if err := st.Import(ctx, gen.Logs(gen.Config{Sessions: 1, Events: largeEvents, PayloadBytes: 80, Seed: 22}), nil); err != nil {
		tb.Fatal(err)
	}
	return st
}

// largePages are the pages of the large session a reader opens first.
var largePages = []string{
	"/", "/s/gen-000000", "/s/gen-000000/timeline", "/s/gen-000000/timeline?before=50000",
	"/s/gen-000000/timeline?kind=input", "/s/gen-000000/window", "/s/gen-000000/e/50000",
	"/search?q=straße+deploy",
}

// A session of 100,000 events opens in under a second: each page is
// timed, and fails only past ten times the bound, so a loaded machine
// does not make the test flaky; the figures are BenchmarkLargePages'.
func TestLargeSessionPages(t *testing.T) {
	if testing.Short() && !testbin.UnderCI() {
		t.Skip("imports 100,000 events")
	}
	st := largeStore(t)
	srv := httptest.NewServer(Handler(st, Options{}))
	t.Cleanup(srv.Close)
	const bound = time.Second
	for _, page := range largePages {
		start, cpu := time.Now(), cpuTime()
		get(t, srv.URL+page)
		if took := time.Since(start); took > 10*bound {
			t.Errorf("%s took %v; the bound is %v (failing past ten times it)", page, took, bound)
		} else {
			// The processor time says what the page costs when the
			// machine is busy with other work and the wall time does not.
			t.Logf("%s: %v (processor %v)", page, took.Round(time.Millisecond), (cpuTime() - cpu).Round(time.Millisecond))
		}
	}
}

func BenchmarkLargePages(b *testing.B) {
	st := largeStore(b)
	srv := httptest.NewServer(Handler(st, Options{}))
	b.Cleanup(srv.Close)
	for _, page := range largePages {
		b.Run(page, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				get(b, srv.URL+page)
			}
		})
	}
}

// cpuTime is the processor time the test process has used, all threads.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func get(tb testing.TB, url string) {
	tb.Helper()
	resp, err := http.Get(url)
	if err != nil {
		tb.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		tb.Fatalf("%s: status %d: %s", url, resp.StatusCode, fmt.Sprintf("%.300s", body))
	}
}
