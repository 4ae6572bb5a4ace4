package follow

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/nodelisp/nodelisp/event"
	"github.com/nodelisp/nodelisp/internal/testdb"
	"github.com/nodelisp/nodelisp/store"
	"github.com/nodelisp/nodelisp/transcript"
)

// TestFollowRestartMidFile: a follower stopped half-way through a file,
// which grows while none runs, and started again picks up where it left
// off: the session ends as a fresh import makes it, nothing twice.
func TestFollowRestartMidFile(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			st := b.Open(t)
			fx := small[0]
			lines := readFixture(t, fx.file)
			path := filepath.Join(t.TempDir(), filepath.Base(fx.file))
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			stop := start(t, st, Options{Format: fx.format, Paths: []string{filepath.Dir(path)}})
			half := len(lines) / 2
			for _, l := range lines[:half] {
				writeTorn(t, f, l)
			}
			want := prefixEvents(t, fx.format, path)
			waitFor(t, "the first half", func() bool { return len(eventsOf(t, st, fx.session)) >= want })
			stop()
			for _, l := range lines[half:] {
				writeTorn(t, f, l)
			}
			start(t, st, Options{Format: fx.format, Paths: []string{filepath.Dir(path)}})
			fresh := freshEvents(t, b, fx.format, path, fx.session)
			waitFor(t, "the rest", func() bool { return len(eventsOf(t, st, fx.session)) >= len(fresh) })
			if diff := cmp.Diff(fresh, eventsOf(t, st, fx.session)); diff != "" {
				t.Errorf("restarted follower differs from a fresh import (-fresh +followed):\n%s", diff)
			}
		})
	}
}

// TestTwoFollowers: two followers of one folder at once, each with its
// own lease token, as two processes would be, write each event once.
func TestTwoFollowers(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			st := b.Open(t)
			dir := t.TempDir()
			for i := range 2 {
				start(t, st, Options{Format: transcript.Codex, Paths: []string{dir},
					Holder: store.Holder{Kind: "follower", PID: 1000 + i}})
			}
			fx := small[1]
			path := filepath.Join(dir, filepath.Base(fx.file))
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			for _, l := range readFixture(t, fx.file) {
				writeTorn(t, f, l)
			}
			fresh := freshEvents(t, b, fx.format, path, fx.session)
			waitFor(t, "the whole file", func() bool { return len(eventsOf(t, st, fx.session)) >= len(fresh) })
			// Give a duplicate time to appear (two retry rounds), then look.
			time.Sleep(2 * retryEvery)
			if diff := cmp.Diff(fresh, eventsOf(t, st, fx.session)); diff != "" {
				t.Errorf("two followers differ from a fresh import (-fresh +followed):\n%s", diff)
			}
		})
	}
}

// TestFollowRewrittenFile: a transcript rewritten in place with fewer
// lines (compaction), then grown, loses nothing: every event imported
// before stays, the new lines are added once, and the session records
// the rewrite. Codex's lines have no ids, so this is the hard case.
func TestFollowRewrittenFile(t *testing.T) {
	for _, b := range testdb.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			ctx := context.Background()
			st := b.Open(t)
			fx := small[1]
			lines := readFixture(t, fx.file)
			path := filepath.Join(t.TempDir(), filepath.Base(fx.file))
			if err := os.WriteFile(path, join(lines), 0o644); err != nil {
				t.Fatal(err)
			}
			start(t, st, Options{Format: fx.format, Paths: []string{path}})
			before := prefixEvents(t, fx.format, path)
			waitFor(t, "the first import", func() bool { return len(eventsOf(t, st, fx.session)) >= before })
			old := eventsOf(t, st, fx.session)

			// The rewrite: the session line, one new line, then the last
			// line as it was.
			added := `{"timestamp":"2026-06-05T05:10:00.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"after the compaction: remember the word zanzibar"}]}}` + "\n"
			rewritten := append(append([]byte{}, lines[0]...), added...)
			rewritten = append(rewritten, lines[len(lines)-1]...)
			if err := os.WriteFile(path+".tmp", rewritten, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(path+".tmp", path); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the rewrite", func() bool { return len(eventsOf(t, st, fx.session)) >= len(old)+2 })
			now := eventsOf(t, st, fx.session)
			if diff := cmp.Diff(old, now[:len(old)]); diff != "" {
				t.Errorf("the events imported before changed (-before +after):\n%s", diff)
			}
			if len(now) != len(old)+2 {
				t.Fatalf("%d events after the rewrite, want %d + the record + the new line", len(now), len(old))
			}
			if now[len(old)].Kind != event.KindSourceRecord || !strings.Contains(now[len(old)].Body, "transcript rewritten") {
				t.Errorf("no record of the rewrite: %+v", now[len(old)])
			}
			if now[len(old)+1].Kind != event.KindInput || !strings.Contains(now[len(old)+1].Body, "zanzibar") {
				t.Errorf("the new line: %+v", now[len(old)+1])
			}
			hits, err := st.Search(ctx, store.SearchQuery{Words: []string{"zanzibar"}})
			if err != nil || len(hits) != 1 {
				t.Errorf("search after the rewrite: %v, %v", hits, err)
			}
		})
	}
}

func join(lines [][]byte) []byte {
	var out []byte
	for _, l := range lines {
		out = append(out, l...)
	}
	return out
}
